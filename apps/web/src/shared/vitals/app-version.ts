declare const __APP_VERSION__: string;

/** The web app's version (apps/web/package.json), fixed at build time. */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';
