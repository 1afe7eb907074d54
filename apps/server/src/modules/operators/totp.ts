import { generateSecret, generateURI, verify } from 'otplib';

const ISSUER = 'Short Drama Console';

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(username: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: username, secret });
}

/**
 * The time step a code belongs to when it is right for `secret` at `now`, within one step either
 * side (a phone's clock drifts), and later than `afterStep`, so that a code is good only once.
 */
export async function acceptedStep(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
