// The users module's surface for other modules: the account reads and writes of sign-in and sign-up.
export {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  findUserByUsername,
  findUsersByAccount,
  insertUser,
  setPasswordHash,
  uniqueViolation,
  type UserField,
} from './queries.js';
