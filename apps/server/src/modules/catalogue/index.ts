// The catalogue's surface for other modules: a drama's columns and tags as every listing selects them.
export {
  DRAMA_RECORD_COLUMNS,
  DRAMA_TAGS_JSON,
  OPEN_BY_LINK_STATUSES,
  type DramaRecord,
  type EpisodeRecord,
  type TagJson,
  type TagRecord,
} from './queries.js';
