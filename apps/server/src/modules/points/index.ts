// The points module's surface for other modules: a member's points records.
export { findRecords } from './queries.js';
