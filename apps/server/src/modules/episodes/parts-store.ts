import { mkdirSync } from 'node:fs';
import { FileStore } from '@tus/file-store';

type FileStoreOptions = ConstructorParameters<typeof FileStore>[0];

/**
 * tus's FileStore, making its folder before it is used. The library makes it in a callback
 * that throws out of the process when the mkdir fails (the folder's parent removed while the
 * call waited in libuv's thread pool, as a test's data folder is when a busy hour's jobs hold
 * the pool); made here synchronously, a failure is an ordinary error at start-up instead.
 */
export class PartsStore extends FileStore {
  constructor(options: FileStoreOptions) {
    mkdirSync(options.directory, { recursive: true });
    super(options);
  }
}

// The library's own making of the folder is replaced by the constructor's; it is private in the
// typings, so it is replaced on the prototype.
Object.defineProperty(PartsStore.prototype, 'checkOrCreateDirectory', { value: () => undefined });
