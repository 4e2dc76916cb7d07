/**
 * Sessions: an opaque random id in the `lamp_session` cookie (HttpOnly, SameSite=Lax, Secure over
 * HTTPS), the session itself kept on the server, so signing out really ends it: a replayed
 * cookie finds nothing and gets 401. The id changes at every login (no session fixation).
 *
 * The user is re-read from the store on every request, so a changed or revoked grant takes effect
 * at once. `request.user` is that user without the password hash.
 *
 * Sessions are stored with the data (hashed ids): a restart keeps them.
 */
import { namedPlugin } from './named.ts';
import { hash, randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StoredUser, User } from '../../src/shared/schemas/index.ts';
import type { Database, StoredSession } from '../store/database.ts';
import type { Repositories } from '../store/repositories.ts';
import { currentSandbox, now } from '../sandbox/context.ts';
import { DEFAULT_SANDBOX } from '../sandbox/scope.ts';
import { StoreFullError } from '../store/disk-errors.ts';

export const SESSION_COOKIE = 'lamp_session';
/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** ...and after this long in any case. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;

/** Where sessions are kept: a table of sessions by hashed id, and how to persist a change. */
export interface SessionPersistence {
  /** The live table (read each time: a store reopened or swapped gives a new one). */
  table(): Record<string, StoredSession>;
  /**
   * Persists the table after a change of the sessions under `keys` (set or ended); called without
   * waiting (sessions are not user data).
   */
  save(keys: readonly string[]): void;
}

/** lastSeenAt is persisted at most this often per session: not a disk write per request. */
const TOUCH_PERSIST_MS = 60_000;

function memoryPersistence(): SessionPersistence {
  const table: Record<string, StoredSession> = {};
  return { table: () => table, save: () => undefined };
}

/**
 * Server-side sessions, keyed by a hash of the cookie's id (the data file and a memory dump reveal
 * no usable ids). Kept with the data (server/store/database.ts, `sessions`), so a restart or a
 * deploy signs nobody out, and apart from the collections, so a data reset keeps them.
 */
export class SessionStore {
  readonly #persistence: SessionPersistence;
  readonly #now: () => number;

  constructor(now: () => number = Date.now, persistence: SessionPersistence = memoryPersistence()) {
    this.#now = now;
    this.#persistence = persistence;
  }

  static #key(id: string) {
    // The one-shot hash: about twice as fast as createHash().update().digest(), on every request.
    return hash('sha256', id, 'base64url');
  }

  #expired(session: StoredSession, now: number) {
    return now - session.lastSeenAt > SESSION_IDLE_MS || now - session.createdAt > SESSION_MAX_MS;
  }

  create(userId: string): string {
    const id = randomBytes(32).toString('base64url');
    const now = this.#now();
    const key = SessionStore.#key(id);
    this.#persistence.table()[key] = { userId, createdAt: now, lastSeenAt: now };
    this.#persistence.save([key, ...this.#sweep(now)]);
    return id;
  }

  /** The user id of a live session (and marks it used), or null. */
  touch(id: string): string | null {
    const key = SessionStore.#key(id);
    const table = this.#persistence.table();
    const session = Object.hasOwn(table, key) ? table[key] : undefined;
    if (!session) return null;
    const now = this.#now();
    if (this.#expired(session, now)) {
      delete table[key];
      this.#persistence.save([key]);
      return null;
    }
    // Rows are replaced, not changed in place (a write under way serialises a consistent table).
    if (now - session.lastSeenAt >= TOUCH_PERSIST_MS) {
      table[key] = { ...session, lastSeenAt: now };
      this.#persistence.save([key]);
    }
    return session.userId;
  }

  destroy(id: string) {
    const table = this.#persistence.table();
    const key = SessionStore.#key(id);
    if (!Object.hasOwn(table, key)) return;
    delete table[key];
    this.#persistence.save([key]);
  }

  /**
   * A reference to a session that is not its id (it cannot be used as a cookie): what a Spotlight
   * token carries to name the session that minted it.
   */
  static reference(id: string): string {
    return SessionStore.#key(id);
  }

  /** Whether the session a reference names is live and the user's (without marking it used). */
  isLive(reference: string, userId: string): boolean {
    const table = this.#persistence.table();
    const session = Object.hasOwn(table, reference) ? table[reference] : undefined;
    return !!session && session.userId === userId && !this.#expired(session, this.#now());
  }

  /** Ends every session of a user (after a password reset, for example). */
  destroyForUser(userId: string) {
    const table = this.#persistence.table();
    const ended: string[] = [];
    for (const [key, session] of Object.entries(table)) {
      if (session.userId === userId) {
        delete table[key];
        ended.push(key);
      }
    }
    if (ended.length) this.#persistence.save(ended);
  }

  clear() {
    const table = this.#persistence.table();
    const keys = Object.keys(table);
    for (const key of keys) delete table[key];
    this.#persistence.save(keys);
  }

  get size() {
    return Object.keys(this.#persistence.table()).length;
  }

  #lastSweep = 0;
  /** Ends the expired sessions (at most once a minute); returns their keys. */
  #sweep(now: number): string[] {
    if (now - this.#lastSweep < 60_000) return [];
    this.#lastSweep = now;
    const table = this.#persistence.table();
    const ended: string[] = [];
    for (const [key, session] of Object.entries(table)) {
      if (!this.#expired(session, now)) continue;
      delete table[key];
      ended.push(key);
    }
    return ended;
  }
}

const publicUsers = new WeakMap<object, User>();

/**
 * The user as the API may show it: everything but the password hash. Frozen and kept per stored
 * row (rows are replaced, never changed in place: server/store/repositories.ts), so the session
 * check of every request does not copy the user again.
 */
export function publicUser(stored: StoredUser | Record<string, unknown>): User {
  let user = publicUsers.get(stored);
  if (!user) {
    const { password_hash: _hash, ...rest } = stored as StoredUser;
    user = Object.freeze(rest);
    publicUsers.set(stored, user);
  }
  return user;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
  }
  interface FastifyRequest {
    /** The signed-in user, re-read from the store for this request; null when signed out. */
    user: User | null;
    /** The session id from the cookie, when it names a live session. */
    sessionId: string | null;
  }
  interface FastifyReply {
    /** Starts a new session for a user (a fresh id; any previous one of this request ends). */
    startSession(userId: string): void;
    /** Ends this request's session and clears the cookie. */
    endSession(): void;
  }
}

/**
 * The session cookie, set or cleared, through @fastify/cookie (registered in app.ts, which parses
 * every request's cookies once for the session and the sandbox, and offers signed cookies). Its
 * hooks cost nothing measurable: the list benchmark, 8 interleaved pairs against the cookie
 * package parsed by hand (load average 9 to 14 on 2 cores), gave 30.5 against 32.5 µs of server
 * CPU per request (median pair ratio 0.95, 0.75 to 1.34) and 16,300 against 13,600 req/s.
 */
function setSessionCookie(reply: FastifyReply, value: string, lifetime: CookieSerializeOptions) {
  void reply.setCookie(SESSION_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(reply.request),
    ...lifetime,
  });
}

/**
 * Secure whenever users reach LAMP over HTTPS: the request came over it (directly, or through a
 * trusted proxy's X-Forwarded-Proto), or LAMP_PUBLIC_URL says so. The second covers a TLS proxy
 * in front without LAMP_TRUST_PROXY: the request looks like plain HTTP to the server, but the
 * browser is on HTTPS, and a cookie without Secure could leak over a plain-HTTP request to the
 * same host.
 */
function secureCookies(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.config.publicUrl.startsWith('https:');
}

/** The session id the request's Cookie header carries, if any. */
function sessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE];
}

/**
 * Sessions kept in the store's document, persisted through its (group-committed) writes; a test
 * sandbox's sessions are kept with the sandbox, in memory: `sandboxTable` returns the
 * table of the running code's sandbox, or null in the default state.
 */
export function databaseSessions(
  db: Database,
  onError: (error: unknown) => void,
  sandboxTable: () => Record<string, StoredSession> | null = () => null,
): SessionPersistence {
  return {
    table: () => sandboxTable() ?? (db.low.data.sessions ??= {}),
    save: (keys) => {
      if (sandboxTable()) return;
      const table = db.low.data.sessions ?? {};
      const sessions = Object.fromEntries(keys.map((key) => [key, Object.hasOwn(table, key) ? table[key] : null]));
      // Sessions are not data: a demo store that only saw sign-ins is still the seed's.
      void db.writeBookkeeping({ sessions }).catch(onError);
    },
  };
}

export function sessions(app: FastifyInstance, repositories: Repositories) {
  const persistence = databaseSessions(
    app.db,
    (error) =>
      // A full disk: the sessions stay in memory and are written once there is space (store-file.ts).
      error instanceof StoreFullError
        ? app.log.warn('sessions not saved yet: the disk is full; they are kept and saved once there is space')
        : app.log.error({ err: error }, 'could not save sessions'),
    // A sandbox deleted while its request was under way gets a throwaway table, never the default's.
    () => {
      const sandbox = currentSandbox();
      return sandbox === DEFAULT_SANDBOX ? null : (app.sandboxes.sessions(sandbox) ?? {});
    },
  );
  // The request's clock (a test sandbox's clock can be set).
  app.decorate('sessions', new SessionStore(now, persistence));
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  app.decorateReply('startSession', function (this: FastifyReply, userId: string) {
    if (this.request.sessionId) app.sessions.destroy(this.request.sessionId);
    const id = app.sessions.create(userId);
    this.request.sessionId = id;
    setSessionCookie(this, id, { maxAge: SESSION_MAX_MS / 1000 });
  });

  app.decorateReply('endSession', function (this: FastifyReply) {
    const id = this.request.sessionId ?? sessionCookie(this.request);
    if (id) app.sessions.destroy(id);
    this.request.sessionId = null;
    this.request.user = null;
    setSessionCookie(this, '', { expires: new Date(0), maxAge: 0 });
  });

  app.addHook('onRequest', (request, _reply, done) => {
    const id = sessionCookie(request);
    const userId = id && id.length <= 100 ? app.sessions.touch(id) : null;
    if (id && userId) {
      const stored = repositories.user.byId(userId);
      if (stored) {
        request.sessionId = id;
        request.user = publicUser(stored);
      } else {
        // The user was deleted: the session dies with it.
        app.sessions.destroy(id);
      }
    }
    done();
  });
}

/** After the sandboxes (a session is looked up in the request's sandbox) and the cookies. */
export const sessionsPlugin = namedPlugin('lamp-sessions', ['lamp-sandboxes', '@fastify/cookie'], (app) =>
  sessions(app, app.repositories),
);
