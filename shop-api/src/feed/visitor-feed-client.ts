import { createRequire } from 'node:module';

/** The part of the Firebase web SDK (namespaced API) the feed-rules test drives. */
export interface VisitorRef {
  child(path: string): VisitorRef;
  set(value: unknown): Promise<void>;
  update(patch: Record<string, unknown>): Promise<void>;
  remove(): Promise<void>;
  once(event: 'value'): Promise<{ val(): unknown }>;
}
interface VisitorApp {
  database(): { ref(path?: string): VisitorRef; goOffline(): void };
  delete(): Promise<void>;
}
interface FirebaseWeb {
  initializeApp(options: { databaseURL: string }, name: string): VisitorApp;
}

/**
 * A visitor's client of the local Realtime Database: the Firebase web SDK, signed out, as the
 * shop's pop-up connects (firebase-server's own copy of the SDK: shop-api ships only the admin one).
 */
export function connectAsVisitor(host: string, namespace = 'cgg-local') {
  const requireFromServer = createRequire(createRequire(import.meta.url).resolve('firebase-server'));
  const firebase = requireFromServer('firebase/app') as FirebaseWeb;
  requireFromServer('firebase/database');
  const app = firebase.initializeApp({ databaseURL: `http://${host}?ns=${namespace}` }, `visitor-${Math.random().toString(36).slice(2)}`);
  const db = app.database();
  return {
    ref: (path?: string) => db.ref(path),
    close: async () => {
      db.goOffline();
      await app.delete();
    },
  };
}
