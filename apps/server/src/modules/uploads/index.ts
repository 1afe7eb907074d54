// The uploads module's surface for other modules: a member's own uploads, to attach to feedback.
export { findOwnUploads } from './queries.js';
