import type { CodeChannel } from '@drama/contracts';

/** A message to one person: an email, or a text to a phone. */
export interface OutgoingMessage {
  channel: CodeChannel;
  /** An email address or a phone number (without +86). */
  target: string;
  subject: string;
  body: string;
}

/**
 * A way to deliver messages: the outbox (stored and logged; the default, for development and
 * tests), SMTP for email, or an SMS provider for phones. `send` resolves once the message is
 * accepted and rejects with MessageSendError when it was not.
 */
export interface MessageChannel {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

export class MessageSendError extends Error {
  constructor(
    readonly channelName: string,
    cause: unknown,
  ) {
    super(`The ${channelName} channel could not send the message`, { cause });
    this.name = 'MessageSendError';
  }
}

/** Routes each message to the channel configured for its kind. */
export class Messenger {
  constructor(private readonly channels: Record<CodeChannel, MessageChannel>) {}

  channelFor(kind: CodeChannel): MessageChannel {
    return this.channels[kind];
  }

  async send(message: OutgoingMessage): Promise<void> {
    const channel = this.channels[message.channel];
    try {
      await channel.send(message);
    } catch (error) {
      throw error instanceof MessageSendError ? error : new MessageSendError(channel.name, error);
    }
  }
}
