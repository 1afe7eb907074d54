import { createTransport, type Transporter } from 'nodemailer';
import { type MessageChannel, MessageSendError, type OutgoingMessage } from './channel.js';

/**
 * Email through an SMTP server: `SMTP_URL=smtps://user:password@smtp.example.com:465`.
 * The sender is the `from` query parameter (`...?from=no-reply@example.com`), else the user
 * name when it is an address, else no-reply@<smtp host>.
 */
export class SmtpChannel implements MessageChannel {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  private readonly from: string;

  constructor(smtpUrl: string) {
    const url = new URL(smtpUrl);
    const from = url.searchParams.get('from');
    url.searchParams.delete('from');
    const user = decodeURIComponent(url.username);
    this.from = from ?? (user.includes('@') ? user : `no-reply@${url.hostname}`);
    this.transport = createTransport(url.toString());
  }

  async send(message: OutgoingMessage): Promise<void> {
    if (message.channel !== 'email') throw new MessageSendError(this.name, new Error('SMTP carries email only'));
    try {
      await this.transport.sendMail({ from: this.from, to: message.target, subject: message.subject, text: message.body });
    } catch (error) {
      throw new MessageSendError(this.name, error);
    }
  }
}
