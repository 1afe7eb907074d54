/** The notification centre's public surface: the bell other features put in their headers. */
export { NoticeBell } from './components/notice-bell';
