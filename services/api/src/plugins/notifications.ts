import fp from 'fastify-plugin';
import { subscribeNotifications } from '../modules/notifications/subscribers.js';

/** Other modules' domain events produce the notifications (decision 026). */
export default fp(
  async (app) => {
    subscribeNotifications(app.events, app.db);
  },
  { name: 'notifications', dependencies: ['db', 'events'] },
);
