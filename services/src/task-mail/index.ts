// task-mail/'s public entry: what the composition roots and other features use of it (services/boundaries.js).
export { TaskMailReactor, TASK_MAIL_REACTOR, type TaskMailPass, type TaskMailOptions } from './reactor';
