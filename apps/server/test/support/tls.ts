import path from 'node:path';
import { REPO_ROOT } from '../../src/platform/config.js';

/**
 * A self-signed certificate for localhost and 127.0.0.1 (EC P-256, valid to 2126), for tests and
 * benchmarks of the server's own TLS. Made with:
 *   openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 \
 *     -keyout localhost-key.pem -out localhost-cert.pem -subj /CN=localhost \
 *     -addext subjectAltName=DNS:localhost,IP:127.0.0.1
 * Never a real site's: its key is public.
 */
export const LOCALHOST_TLS = {
  cert: path.join(REPO_ROOT, 'apps/server/test/support/tls/localhost-cert.pem'),
  key: path.join(REPO_ROOT, 'apps/server/test/support/tls/localhost-key.pem'),
};
