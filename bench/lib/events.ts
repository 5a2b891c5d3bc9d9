import type { UserEvent } from '@ifu/contracts';
import type { Actor, EventMetadata, NewEvent } from '@ifu/storage/event-store/event-store';

/** Small deterministic PRNG (mulberry32), so every run generates the same workload. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A v4-shaped UUID drawn from the PRNG (the store assigns real event ids; these are user, session, correlation ids). */
export function uuidFrom(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = ((Math.floor(random() * 4) + 8) as number).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const FIRST_NAMES = ['Anna', 'Lukas', 'Marie', 'Jonas', 'Sophie', 'Elias', 'Emma', 'Noah', 'Lena', 'Paul', 'Mia', 'Felix'];
const LAST_NAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Koch'];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];

export interface BenchUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export function makeUser(random: () => number, index: number): BenchUser {
  const firstName = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]!;
  const lastName = LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]!;
  return {
    userId: uuidFrom(random),
    email: `${firstName}.${lastName}.${index}@example-ifu.de`.toLowerCase(),
    firstName,
    lastName,
  };
}

export const ADMIN: Actor = {
  type: 'user',
  userId: '7d3f0c2e-4b8a-4e51-9a57-2f1c9d0b6e11',
  email: 'admin@example-ifu.de',
  name: 'Ada Admin',
};

/** The metadata the API attaches (services/src/platform/request-metadata.ts): actor, UTC time, request id, ip, user agent. */
export function metadataFor(random: () => number, actor: Actor, at: Date): EventMetadata {
  return {
    actor,
    occurredAt: at.toISOString(),
    correlationId: uuidFrom(random),
    ip: `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`,
    userAgent: USER_AGENTS[Math.floor(random() * USER_AGENTS.length)]!,
  };
}

const userActor = (u: BenchUser): Actor => ({ type: 'user', userId: u.userId, email: u.email, name: `${u.firstName} ${u.lastName}` });

/**
 * The life of one user stream as the API writes it, one event per step: registered by an admin, password set
 * through the link, then logins (some failing) and logouts. `state` carries what the next step depends on.
 */
export interface UserLife {
  user: BenchUser;
  version: number;
  hasPassword: boolean;
  active: boolean;
  sessionId: string | null;
  consecutiveFailures: number;
}

export function newLife(user: BenchUser): UserLife {
  return { user, version: 0, hasPassword: false, active: true, sessionId: null, consecutiveFailures: 0 };
}

/**
 * The next event of `life` at time `at`; advances `life.version` and the session state. The default mix is the
 * benchmark's: registration, password set, logins (some failing), logouts, password changes. With `adminChanges`,
 * admins also modify (about 2 %), deactivate and reactivate users: used to check a projection on every event type.
 */
export function nextUserEvent(random: () => number, life: UserLife, at: Date, adminChanges = false): NewEvent {
  const { user } = life;
  const iso = at.toISOString();
  let event: UserEvent;
  let actor: Actor = userActor(user);
  const admin = adminChanges && life.version > 0 ? random() : 1;
  if (admin < 0.02 || (admin < 0.04 && !life.active)) {
    actor = ADMIN;
    if (!life.active) {
      life.active = true;
      event = { type: 'UserReactivated', data: { userId: user.userId, at: iso } };
    } else if (admin < 0.014) {
      user.lastName = LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]!;
      user.email = `${user.firstName}.${user.lastName}.${user.userId.slice(0, 8)}.v${life.version}@example-ifu.de`.toLowerCase();
      event = {
        type: 'UserModified',
        data: {
          userId: user.userId,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: random() < 0.2 ? 'ADMIN' : 'USER',
          isTrainingCompleted: random() < 0.7,
          changed: ['lastName', 'email'],
        },
      };
    } else {
      life.active = false;
      life.sessionId = null;
      event = { type: 'UserDeactivated', data: { userId: user.userId, at: iso } };
    }
  } else if (!life.active) {
    event = { type: 'LoginFailed', data: { userId: user.userId, at: iso, reason: 'user-inactive', consecutiveFailures: 0 } };
  } else if (life.version === 0) {
    event = {
      type: 'UserRegistered',
      data: {
        userId: user.userId,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: random() < 0.1 ? 'ADMIN' : 'USER',
        isTrainingCompleted: random() < 0.5,
        origin: 'admin',
      },
    };
    actor = ADMIN;
  } else if (!life.hasPassword) {
    event = { type: 'PasswordSet', data: { userId: user.userId, setAt: iso, via: 'set-password-link' } };
    actor = { type: 'public', email: user.email };
    life.hasPassword = true;
  } else if (life.sessionId && random() < 0.8) {
    event = { type: 'LoggedOut', data: { userId: user.userId, sessionId: life.sessionId, at: iso } };
    life.sessionId = null;
  } else if (random() < 0.25) {
    life.consecutiveFailures += 1;
    event = {
      type: 'LoginFailed',
      data: { userId: user.userId, at: iso, reason: 'wrong-password', consecutiveFailures: life.consecutiveFailures },
    };
  } else if (random() < 0.03) {
    event = { type: 'PasswordSet', data: { userId: user.userId, setAt: iso, via: 'change' } };
  } else {
    life.sessionId = uuidFrom(random);
    life.consecutiveFailures = 0;
    event = { type: 'LoginSucceeded', data: { userId: user.userId, sessionId: life.sessionId, at: iso } };
  }
  life.version += 1;
  return { type: event.type, data: event.data as Record<string, unknown>, metadata: metadataFor(random, actor, at) };
}
