// The tasks module's surface for other modules: linking a new member to whoever invited them, and
// the marks of the dramas a member started (written as they watch, pruned by the daily job).
export { markDramaStarted, pruneDramaStarts } from './drama-starts-queries.js';
export { linkInviter } from './queries.js';
