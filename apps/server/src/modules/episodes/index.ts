// The episodes module's surface for other modules: which subtitle languages each episode has.
export { findSubtitleLanguages } from './queries.js';
