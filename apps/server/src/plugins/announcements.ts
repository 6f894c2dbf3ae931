import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { connectionStringOf } from '../db/database';
import { openAnnouncementConnection, type AnnouncementConnection } from './announcement-connection';

/** One consumer of the announcements: its topics (PostgreSQL channels) and what it does with each. */
export type Subscriber = {
  /** How warnings name it. */
  name: string;
  /** A handler per topic, called with the announcement's payload. */
  topics: Readonly<Record<string, (payload: string) => void>>;
  /**
   * Its topics are listened to (again). Whatever was announced while they were not is lost: what the
   * consumer kept from before may be stale, so it starts over and may keep things from now on.
   */
  onListening?(): void;
  /** Announcements may be missed from now until onListening: stop trusting (and keeping) anything. */
  onLost?(): void;
};

type Subscription = Subscriber & { listening: boolean };

/**
 * The instance's announcement bus: the one connection that LISTENs to what PostgreSQL announces
 * (triggers and producers NOTIFY in the transaction of a change), shared by every consumer: the
 * session cache, the read cache, the unread counts and the notification stream. A consumer is told
 * when its topics are heard and when they may not be, so nothing is trusted from memory while an
 * announcement could be missed. Registered before its consumers; closed after them (onClose).
 */
export const announcementsPlugin = fp(async (app: FastifyInstance) => {
  const subscriptions: Subscription[] = [];
  const byTopic = new Map<string, Subscription[]>();
  /** Counts losses, so a LISTEN that completes after one is not taken for the new connection's. */
  let losses = 0;

  const guarded = (subscription: Subscription, what: string, run: () => void) => {
    try {
      run();
    } catch (error) {
      app.log.warn({ err: error }, `${subscription.name}: ${what} failed`);
    }
  };
  const listening = (subscription: Subscription) => {
    if (subscription.listening) return;
    subscription.listening = true;
    guarded(subscription, 'onListening', () => subscription.onListening?.());
  };

  const connectionString = connectionStringOf(app.db);
  let connection: AnnouncementConnection | undefined;
  if (connectionString) {
    connection = openAnnouncementConnection({
      connectionString,
      onNotification(topic, payload) {
        for (const subscription of byTopic.get(topic) ?? []) {
          const handler = subscription.topics[topic];
          if (handler) guarded(subscription, `an announcement on ${topic}`, () => handler(payload));
        }
      },
      onListening() {
        for (const subscription of subscriptions) listening(subscription);
      },
      onLost() {
        losses++;
        for (const subscription of subscriptions) {
          if (!subscription.listening) continue;
          subscription.listening = false;
          guarded(subscription, 'onLost', () => subscription.onLost?.());
        }
      },
      warn: (message) => app.log.warn(message),
    });
    // Last to close (onClose hooks run in reverse order of registration): its consumers may keep serving
    // from memory while requests in flight are answered, and each is told it was lost as it ends.
    app.addHook('onClose', async () => {
      await connection?.close();
    });
  }

  app.decorate('announcements', {
    subscribe(subscriber: Subscriber) {
      const subscription: Subscription = { ...subscriber, listening: false };
      subscriptions.push(subscription);
      const topics = Object.keys(subscriber.topics);
      for (const topic of topics) byTopic.set(topic, [...(byTopic.get(topic) ?? []), subscription]);
      if (!connection) return;
      // Subscribed after the connection started listening: LISTEN on it now (the next ones do it anyway).
      const lossesBefore = losses;
      const live = connection;
      Promise.all(topics.map((topic) => live.listen(topic)))
        .then((heard) => {
          if (heard.every(Boolean) && losses === lossesBefore && live.listening) listening(subscription);
        })
        .catch((error: unknown) => app.log.warn({ err: error }, `${subscriber.name}: LISTEN failed`));
    },
    async notify(topic: string, payload: string) {
      if (!connection) throw new Error('not listening');
      await connection.notify(topic, payload);
    },
    get listening() {
      return connection?.listening === true;
    },
    get backendPid() {
      return connection?.backendPid;
    },
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    announcements: {
      /**
       * Hears `subscriber.topics` from now on, on this connection and every reconnection; onListening
       * follows once they are LISTENed to (at once if the connection is up), onLost whenever it goes.
       */
      subscribe(subscriber: Subscriber): void;
      /**
       * Announces on the listening connection itself (no pooled connection taken): once it comes back,
       * every announcement committed before it has arrived. Throws while not listening.
       */
      notify(topic: string, payload: string): Promise<void>;
      /** Whether the connection is up and listening. */
      readonly listening: boolean;
      /** The backend pid of the listening connection (tests terminate it). */
      readonly backendPid: number | undefined;
    };
  }
}
