// The notices module's sink interface, which PushService implements.
export type { NewNotice, NoticeSink } from '../notices/sink.js';
