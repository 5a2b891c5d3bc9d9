import {
  BOOTSTRAP_STREAM,
  credentialsStreamId,
  type CustomerDetails,
  type CustomerEvent,
  type CustomerNameClaimEvent,
  customerNameClaimStreamId,
  type CustomerStatus,
  customerStreamId,
  emailClaimStreamId,
  LOCKOUT_DURATION_MS,
  LOCKOUT_THRESHOLD,
  NOTIFICATION_NUMBERS_STREAM,
  notificationStreamId,
  PAPER_COPY_DAYS,
  paperCopyStreamId,
  type Role,
  safetyNoticeStreamId,
  type Signature,
  type StoredFile,
  type UserEvent,
  userStreamId,
  visitorDownloadStreamId,
} from '@ifu/contracts';
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

// ---------------------------------------------------------------------------------------------------------------
// The mixed log: every stream kind the product writes today, users and customers together.
// ---------------------------------------------------------------------------------------------------------------

/** One event as the generator writes it: its stream and version, and the time the store would record. */
export interface LogEvent {
  streamId: string;
  streamVersion: number;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recordedAt: string;
}

const COMPANY_WORDS = ['Medi', 'Ortho', 'Cardio', 'Derma', 'Neuro', 'Dental', 'Vita', 'Sano', 'Lab', 'Pharma', 'Bio', 'Care'];
const COMPANY_SUFFIXES = ['tec', 'med', 'plus', 'line', 'form', 'systems', 'solutions', 'devices'];
const LEGAL_FORMS = ['GmbH', 'AG', 'GmbH & Co. KG', 'SE', 'Ltd', 'B.V.', 'S.A.'];
const CITIES = ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt am Main', 'Stuttgart', 'Leipzig', 'Wien', 'Zürich', 'Rotterdam'];
const EXCLUSION_LISTS = ['', '', 'US', 'US,CA', 'CN,RU', 'US,CA,AU', 'GB', 'BR,AR,CL', 'JP,KR'];
const LOGO_TYPES = ['image/png', 'image/png', 'image/jpeg', 'image/webp'];
const CHANGE_DESCRIPTIONS = ['Initial release of the IFU set', 'New revision after the annual review', 'Contact details corrected', ''];
const REJECTION_REASONS = [
  'The website link does not point to the manufacturer.',
  'Country exclusion list is missing the markets named in the contract.',
  'Contact information incomplete: no phone number for product safety questions.',
];

const STREAM_KINDS = [
  'user-credentials-',
  'user-email-',
  'customer-name-',
  'user-',
  'customer-',
  'system-bootstrap',
  'notification-numbers',
  'notification-',
  'visitor-download-',
  'safety-notices-',
  'paper-copy-',
];
/** `user-credentials`, `customer-name`, …: a stream's kind, without its id. */
export const streamKind = (stream: string) => (STREAM_KINDS.find((prefix) => stream.startsWith(prefix)) ?? stream).replace(/-$/, '');

const hexFrom = (random: () => number, length: number) => Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** A logo as the file store records it: a content address, a sniffed type, a realistic size. */
export function makeLogo(random: () => number): StoredFile {
  return { sha256: hexFrom(random, 64), contentType: pick(random, LOGO_TYPES), size: 4_000 + Math.floor(random() * 250_000) };
}

/** The contact number as the API stores it: digits only, 10 to 15 of them (a German or Austrian number). */
const phoneNumber = (random: () => number) => `${random() < 0.8 ? '49' : '43'}${Array.from({ length: 9 + Math.floor(random() * 4) }, () => Math.floor(random() * 10)).join('')}`;

export function makeCustomerDetails(random: () => number, index: number, approverId: string): CustomerDetails {
  const name = `${pick(random, COMPANY_WORDS)}${pick(random, COMPANY_SUFFIXES)} ${pick(random, CITIES)} ${index} ${pick(random, LEGAL_FORMS)}`;
  const slug = name.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return {
    customerName: name,
    contactEmail: `ifu@${slug}.example`,
    contactInformation: phoneNumber(random),
    countryExclusionList: pick(random, EXCLUSION_LISTS),
    customerWebsiteLink: `https://www.${slug}.example/ifu`,
    approverId,
  };
}

/** A staff member in the mixed log: the account record, the credentials and the address claim, with their stream versions. */
export interface StaffLife {
  user: BenchUser;
  role: Role;
  isTrainingCompleted: boolean;
  active: boolean;
  passwordSetAt: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  sessionId: string | null;
  consecutiveFailures: number;
  userVersion: number;
  credentialsVersion: number;
}

/** A customer in the mixed log, as its stream has it. */
export interface CustomerLife {
  customerId: string;
  index: number;
  details: CustomerDetails;
  logo: StoredFile;
  status: CustomerStatus;
  approvedDate: string | null;
  decision: { signature: Signature; reason: string | null } | null;
  createdAt: string;
  version: number;
  renames: number;
  /** Since when it waits for its approver (My tasks): registered, or first edited after a rejection; null when decided. */
  waitingSince: string | null;
}

/** A notice (Manage Notification) in the mixed log, as its stream has it. */
export interface NoticeLife {
  notificationId: number;
  text: string;
  customerId: string | null;
  productId: string | null;
  deleted: boolean;
  createdAt: string;
  version: number;
}

/** A public visitor's download through an emailed link, at its position in the log. */
export interface DownloadLife {
  position: number;
  visitorId: string;
  childDocumentId: string;
  sealedEmail: string;
}

/** The latest notice of a safety revision to one visitor, at its position in the log. */
export interface SafetyNoticeLife {
  parentChangeId: string;
  visitorId: string;
  position: number;
  delivered: boolean;
  childDocumentIds: string[];
}

/** A paper-copy request, as its stream has it. */
export interface PaperCopyLife {
  requestId: string;
  visitorId: string;
  sealed: { name: string; address: string; email: string };
  childDocumentId: string;
  documentNumber: string;
  version: number;
  docName: string;
  quantity: number;
  requestedOn: string;
  dueDate: string;
  requestedAt: string;
  dispatched: { at: string; by: string; byName: string } | null;
  streamVersion: number;
}

export interface MixedLogOptions {
  /** At least this many events: the log ends with the command that reaches it (a command writes 1 to 3 events). */
  events: number;
  users: number;
  customers: number;
  seed?: number;
}

/**
 * The log the product writes today, one command at a time, every event of a command with the same metadata (one
 * clock reading), as the command pipeline does: the first administrator's bootstrap; admins adding staff (address
 * claim, account, set-password link), passwords set through the link, sign-ins on `user-credentials-<id>` (about 1
 * in 5 failing, a lockout after five), logouts, password changes and resets, admins changing accounts (some change
 * the address: claim the new one, release the old), signed deactivations and reactivations; admins registering
 * customers with a logo (name claim, then the customer), editing them (some renames: claim, update, release), new
 * logos, and the approvers' signed approvals and rejections (a mistyped signature password now and then, recorded on
 * the approver's credentials stream). Staff and customers register through the first 80 % of the log. The final
 * state of every account and customer is kept here, from the commands, to check the read models after a replay.
 */
export class MixedWorkload {
  readonly staff: StaffLife[] = [];
  readonly customers: CustomerLife[] = [];
  readonly notices: NoticeLife[] = [];
  readonly downloads: DownloadLife[] = [];
  readonly safetyNotices = new Map<string, SafetyNoticeLife>();
  readonly paperCopies: PaperCopyLife[] = [];
  readonly byType: Record<string, number> = {};
  readonly byStreamKind: Record<string, number> = {};
  private readonly random: () => number;
  private readonly versions = new Map<string, number>();
  private clock = Date.parse('2025-01-06T07:00:00.000Z');
  private emitted = 0;
  private readonly registerSpan: number;

  constructor(private readonly options: MixedLogOptions) {
    this.random = prng(options.seed ?? 4242);
    this.registerSpan = Math.max(1, Math.floor(options.events * 0.8));
  }

  /** The whole log, command by command. */
  *events(): Generator<LogEvent> {
    yield* this.bootstrap();
    while (this.emitted < this.options.events) yield* this.nextCommand();
  }

  private *nextCommand(): Generator<LogEvent> {
    const { random } = this;
    const dueStaff = Math.min(this.options.users, Math.ceil((this.options.users * (this.emitted + 1)) / this.registerSpan));
    const dueCustomers = Math.min(this.options.customers, Math.ceil((this.options.customers * (this.emitted + 1)) / this.registerSpan));
    if (this.staff.length < dueStaff) return yield* this.addUser();
    if (this.customers.length < dueCustomers && this.activeAdmins().length >= 2) return yield* this.registerCustomer();
    const roll = random();
    if (roll < 0.55 || this.customers.length === 0) return yield* this.staffActivity(pick(random, this.staff));
    // Now and then the public side: notices, visitors' downloads and the safety notices they bring, paper copies.
    if (roll < 0.565) return yield* this.notice();
    if (roll < 0.585) return yield* this.download();
    if (roll < 0.59) return yield* this.safetyNotice();
    if (roll < 0.6) return yield* this.paperCopy();
    if (roll < 0.62) return yield* this.changeUser();
    const customer = pick(random, this.customers);
    if (roll < 0.75) return yield* this.updateCustomer(customer);
    if (roll < 0.8) return yield* this.changeLogo(customer);
    // A decision on a customer already approved is not taken: someone signs in instead.
    if (customer.status === 'APPROVED') return yield* this.staffActivity(pick(random, this.staff));
    return yield* this.decide(customer);
  }

  private tick(): Date {
    this.clock += 1 + Math.floor(this.random() * 2000);
    return new Date(this.clock);
  }

  /** One command: events on their streams, each at the stream's next version, all with the same metadata. */
  private *command(actor: Actor, at: Date, events: readonly { stream: string; event: { type: string; data: object } }[]): Generator<LogEvent> {
    const metadata = metadataFor(this.random, actor, at);
    for (const { stream, event } of events) {
      const version = (this.versions.get(stream) ?? 0) + 1;
      this.versions.set(stream, version);
      this.emitted += 1;
      this.byType[event.type] = (this.byType[event.type] ?? 0) + 1;
      const kind = streamKind(stream);
      this.byStreamKind[kind] = (this.byStreamKind[kind] ?? 0) + 1;
      yield { streamId: stream, streamVersion: version, type: event.type, data: event.data as Record<string, unknown>, metadata, recordedAt: at.toISOString() };
    }
  }

  private versionOf(stream: string): number {
    return this.versions.get(stream) ?? 0;
  }

  private admins?: StaffLife[];
  /** Active ADMINs now (kept until an account's role or status changes). */
  private activeAdmins(): StaffLife[] {
    return (this.admins ??= this.staff.filter((s) => s.active && s.role === 'ADMIN'));
  }

  private newStaff(user: BenchUser, role: Role, at: Date): StaffLife {
    const life: StaffLife = {
      user,
      role,
      isTrainingCompleted: this.random() < 0.6,
      active: true,
      passwordSetAt: null,
      lastLoginAt: null,
      createdAt: at.toISOString(),
      sessionId: null,
      consecutiveFailures: 0,
      userVersion: 0,
      credentialsVersion: 0,
    };
    this.staff.push(life);
    this.admins = undefined;
    return life;
  }

  private syncVersions(life: StaffLife): void {
    life.userVersion = this.versionOf(userStreamId(life.user.userId));
    life.credentialsVersion = this.versionOf(credentialsStreamId(life.user.userId));
  }

  private *bootstrap(): Generator<LogEvent> {
    const at = this.tick();
    const user: BenchUser = { userId: uuidFrom(this.random), email: 'admin@example-ifu.de', firstName: 'System', lastName: 'Administrator' };
    const life = this.newStaff(user, 'ADMIN', at);
    life.isTrainingCompleted = true;
    life.passwordSetAt = at.toISOString();
    const { userId, email, firstName, lastName } = user;
    yield* this.command({ type: 'system', name: 'bootstrap' }, at, [
      { stream: BOOTSTRAP_STREAM, event: { type: 'SystemBootstrapped', data: { adminUserId: userId, email } } },
      { stream: emailClaimStreamId(email), event: { type: 'EmailClaimed', data: { email, userId } } },
      {
        stream: userStreamId(userId),
        event: { type: 'UserRegistered', data: { userId, email, firstName, lastName, role: 'ADMIN', isTrainingCompleted: true, origin: 'bootstrap' } },
      },
      { stream: credentialsStreamId(userId), event: { type: 'PasswordSet', data: { userId, setAt: at.toISOString(), via: 'bootstrap' } } },
    ]);
    this.syncVersions(life);
  }

  private *addUser(): Generator<LogEvent> {
    const admin = pick(this.random, this.activeAdmins());
    const at = this.tick();
    const user = makeUser(this.random, this.staff.length);
    // The first staff are administrators (approvers are needed from the start), then about one in ten.
    const role: Role = this.staff.length < 4 || this.random() < 0.1 ? 'ADMIN' : 'USER';
    const life = this.newStaff(user, role, at);
    const { userId, email, firstName, lastName } = user;
    const expiresAt = new Date(at.getTime() + 24 * 3600_000).toISOString();
    const events: UserEvent[] = [
      { type: 'UserRegistered', data: { userId, email, firstName, lastName, role, isTrainingCompleted: life.isTrainingCompleted, origin: 'admin' } },
      { type: 'PasswordLinkIssued', data: { userId, purpose: 'new-user', expiresAt, issuedAt: at.toISOString() } },
    ];
    yield* this.command(userActor(admin.user), at, [
      { stream: emailClaimStreamId(email), event: { type: 'EmailClaimed', data: { email, userId } } },
      { stream: userStreamId(userId), event: events[0]! },
      { stream: credentialsStreamId(userId), event: events[1]! },
    ]);
    this.syncVersions(life);
  }

  /** Sign-ins and password upkeep on the credentials stream: what most of a log is. */
  private *staffActivity(life: StaffLife): Generator<LogEvent> {
    const { random } = this;
    const at = this.tick();
    const iso = at.toISOString();
    const { userId, email } = life.user;
    const stream = credentialsStreamId(userId);
    let events: UserEvent[];
    let actor: Actor = userActor(life.user);
    if (!life.active) {
      events = [{ type: 'LoginFailed', data: { userId, at: iso, reason: 'user-inactive', consecutiveFailures: life.consecutiveFailures } }];
    } else if (!life.passwordSetAt) {
      events = [{ type: 'PasswordSet', data: { userId, setAt: iso, via: 'set-password-link' } }];
      actor = { type: 'public', email };
      life.passwordSetAt = iso;
      life.consecutiveFailures = 0;
    } else if (life.sessionId && random() < 0.8) {
      events = [{ type: 'LoggedOut', data: { userId, sessionId: life.sessionId, at: iso } }];
      life.sessionId = null;
    } else if (random() < 0.2) {
      events = this.failure(life, at, 'login');
    } else if (random() < 0.03) {
      // Change Password: sometimes the current password is mistyped first.
      if (random() < 0.3) {
        events = this.failure(life, at, 'change-password');
      } else {
        events = [{ type: 'PasswordSet', data: { userId, setAt: iso, via: 'change' } }];
        life.passwordSetAt = iso;
        life.consecutiveFailures = 0;
      }
    } else if (random() < 0.01) {
      actor = { type: 'public', email };
      const expiresAt = new Date(at.getTime() + 24 * 3600_000).toISOString();
      events = [{ type: 'PasswordLinkIssued', data: { userId, purpose: 'reset', expiresAt, issuedAt: iso } }];
    } else {
      life.sessionId = uuidFrom(random);
      life.consecutiveFailures = 0;
      life.lastLoginAt = iso;
      events = [{ type: 'LoginSucceeded', data: { userId, sessionId: life.sessionId, at: iso } }];
    }
    yield* this.command(actor, at, events.map((event) => ({ stream, event })));
    this.syncVersions(life);
  }

  /** An admin changes an account: names, role, training, the address (claim the new, release the old), or its status. */
  private *changeUser(): Generator<LogEvent> {
    const { random } = this;
    const admin = pick(random, this.activeAdmins());
    const life = pick(random, this.staff);
    if (life === admin) return yield* this.staffActivity(life);
    const at = this.tick();
    const { userId } = life.user;
    const stream = userStreamId(userId);
    const roll = random();
    this.admins = undefined;
    if (!life.active || (roll < 0.15 && (life.role !== 'ADMIN' || this.activeAdmins().length > 3))) {
      if (life.active) {
        // Deactivation is signed by the admin, bound to the record's version.
        const signature = this.signature(admin, 'deactivation', stream, this.versionOf(stream), at);
        life.active = false;
        life.sessionId = null;
        yield* this.command(userActor(admin.user), at, [{ stream, event: { type: 'UserDeactivated', data: { userId, at: at.toISOString(), signature } } }]);
      } else {
        life.active = true;
        yield* this.command(userActor(admin.user), at, [{ stream, event: { type: 'UserReactivated', data: { userId, at: at.toISOString() } } }]);
      }
      this.syncVersions(life);
      return;
    }
    const before = life.user.email;
    const changed: string[] = [];
    if (roll < 0.45) {
      life.user.lastName = pick(random, LAST_NAMES);
      life.user.email = `${life.user.firstName}.${life.user.lastName}.${userId.slice(0, 8)}.v${life.userVersion}@example-ifu.de`.toLowerCase();
      changed.push('lastName', 'email');
    } else if (roll < 0.7 && (life.role === 'USER' || this.activeAdmins().length > 3)) {
      life.role = life.role === 'ADMIN' ? 'USER' : 'ADMIN';
      changed.push('role');
    } else {
      life.isTrainingCompleted = !life.isTrainingCompleted;
      changed.push('isTrainingCompleted');
    }
    const { email, firstName, lastName } = life.user;
    const modified = {
      stream,
      event: { type: 'UserModified', data: { userId, email, firstName, lastName, role: life.role, isTrainingCompleted: life.isTrainingCompleted, changed } },
    };
    const steps =
      before === email
        ? [modified]
        : [
            { stream: emailClaimStreamId(email), event: { type: 'EmailClaimed', data: { email, userId } } },
            modified,
            { stream: emailClaimStreamId(before), event: { type: 'EmailReleased', data: { email: before, userId } } },
          ];
    yield* this.command(userActor(admin.user), at, steps);
    this.syncVersions(life);
  }

  /** A wrong password (login, Change Password or a signature) counts toward lockout; the fifth in a row locks. */
  private failure(life: StaffLife, at: Date, purpose: 'login' | 'change-password' | 'signature'): UserEvent[] {
    const { userId } = life.user;
    const iso = at.toISOString();
    life.consecutiveFailures += 1;
    const failures = life.consecutiveFailures;
    const failed: UserEvent =
      purpose === 'login'
        ? { type: 'LoginFailed', data: { userId, at: iso, reason: 'wrong-password', consecutiveFailures: failures } }
        : { type: 'CredentialCheckFailed', data: { userId, at: iso, purpose, reason: 'wrong-password', consecutiveFailures: failures } };
    if (failures < LOCKOUT_THRESHOLD) return [failed];
    life.consecutiveFailures = 0;
    const lockedUntil = new Date(at.getTime() + LOCKOUT_DURATION_MS).toISOString();
    return [failed, { type: 'AccountLocked', data: { userId, at: iso, lockedUntil, failures } }];
  }

  private signature(signer: StaffLife, meaning: Signature['meaning'], stream: string, version: number, at: Date): Signature {
    const { userId, firstName, lastName, email } = signer.user;
    return { signerId: userId, name: `${firstName} ${lastName}`, email, signedAt: at.toISOString(), meaning, subject: { stream, version } };
  }

  private eligibleApprover(actor: StaffLife): StaffLife | undefined {
    const admins = this.activeAdmins().filter((a) => a !== actor);
    return admins.length > 0 ? pick(this.random, admins) : undefined;
  }

  private *registerCustomer(): Generator<LogEvent> {
    const actor = pick(this.random, this.activeAdmins());
    const approver = this.eligibleApprover(actor)!;
    const at = this.tick();
    const index = this.customers.length;
    const customer: CustomerLife = {
      customerId: uuidFrom(this.random),
      index,
      details: makeCustomerDetails(this.random, index, approver.user.userId),
      logo: makeLogo(this.random),
      status: 'REQUIRE_APPROVAL',
      approvedDate: null,
      decision: null,
      createdAt: at.toISOString(),
      version: 0,
      renames: 0,
      waitingSince: at.toISOString(),
    };
    this.customers.push(customer);
    const { customerId, details, logo } = customer;
    const events: [CustomerNameClaimEvent, CustomerEvent] = [
      { type: 'CustomerNameClaimed', data: { customerName: details.customerName, customerId } },
      { type: 'CustomerRegistered', data: { customerId, ...details, logo } },
    ];
    yield* this.command(userActor(actor.user), at, [
      { stream: customerNameClaimStreamId(details.customerName), event: events[0] },
      { stream: customerStreamId(customerId), event: events[1] },
    ]);
    customer.version = this.versionOf(customerStreamId(customerId));
  }

  /** Manage Customer's edit: contact details, the exclusion list, a new approver; now and then a new name. */
  private *updateCustomer(customer: CustomerLife): Generator<LogEvent> {
    const { random } = this;
    const actor = pick(random, this.activeAdmins());
    const at = this.tick();
    const before = customer.details;
    const next = { ...before };
    const roll = random();
    const approverGone = !this.activeAdmins().some((a) => a.user.userId === before.approverId);
    if (approverGone || roll < 0.15) {
      const approver = this.eligibleApprover(actor);
      if (approver) next.approverId = approver.user.userId;
    } else if (roll < 0.25) {
      customer.renames += 1;
      next.customerName = `${before.customerName.replace(/ \(\d+\)$/, '')} (${customer.renames})`;
    } else if (roll < 0.55) {
      next.contactInformation = phoneNumber(random);
    } else if (roll < 0.8) {
      next.countryExclusionList = pick(random, EXCLUSION_LISTS.filter((l) => l !== before.countryExclusionList));
    } else {
      next.contactEmail = `regulatory.${customer.index}.${Math.floor(random() * 1000)}@customer-${customer.index}.example`;
    }
    const changed = (Object.keys(next) as (keyof CustomerDetails)[]).filter((k) => next[k] !== before[k]);
    if (changed.length === 0) return yield* this.changeLogo(customer);
    const { customerId } = customer;
    const stream = customerStreamId(customerId);
    const updated: CustomerEvent = { type: 'CustomerUpdated', data: { customerId, ...next, changed } };
    customer.details = next;
    this.editedAfterDecision(customer, at);
    const renamed = next.customerName !== before.customerName;
    const claims: CustomerNameClaimEvent[] = [
      { type: 'CustomerNameClaimed', data: { customerName: next.customerName, customerId } },
      { type: 'CustomerNameReleased', data: { customerName: before.customerName, customerId } },
    ];
    yield* this.command(
      userActor(actor.user),
      at,
      renamed
        ? [
            { stream: customerNameClaimStreamId(next.customerName), event: claims[0]! },
            { stream, event: updated },
            { stream: customerNameClaimStreamId(before.customerName), event: claims[1]! },
          ]
        : [{ stream, event: updated }],
    );
    customer.version = this.versionOf(stream);
  }

  /** An edit of a rejected customer asks its approver to decide again (from the first such edit). */
  private editedAfterDecision(customer: CustomerLife, at: Date): void {
    if (customer.status === 'REJECTED') customer.waitingSince ??= at.toISOString();
  }

  private *changeLogo(customer: CustomerLife): Generator<LogEvent> {
    const actor = pick(this.random, this.activeAdmins());
    const at = this.tick();
    customer.logo = makeLogo(this.random);
    this.editedAfterDecision(customer, at);
    const { customerId } = customer;
    const event: CustomerEvent = { type: 'CustomerLogoChanged', data: { customerId, customerName: customer.details.customerName, logo: customer.logo } };
    yield* this.command(userActor(actor.user), at, [{ stream: customerStreamId(customerId), event }]);
    customer.version = this.versionOf(customerStreamId(customerId));
  }

  /** The approver signs an approval (about 3 in 4) or a rejection; a mistyped signature password is recorded and refused. */
  private *decide(customer: CustomerLife): Generator<LogEvent> {
    const { random } = this;
    const approver = this.activeAdmins().find((s) => s.user.userId === customer.details.approverId);
    // The approver is no longer an active ADMIN: the customer gets a new one first.
    if (!approver) return yield* this.updateCustomer(customer);
    const at = this.tick();
    const { customerId } = customer;
    const stream = customerStreamId(customerId);
    if (random() < 0.05) {
      const credentials = credentialsStreamId(approver.user.userId);
      yield* this.command(userActor(approver.user), at, this.failure(approver, at, 'signature').map((event) => ({ stream: credentials, event })));
      this.syncVersions(approver);
      return;
    }
    const approve = random() < 0.75;
    const signature = this.signature(approver, approve ? 'approval' : 'rejection', stream, this.versionOf(stream), at);
    const common = { customerId, customerName: customer.details.customerName, changeDescription: pick(random, CHANGE_DESCRIPTIONS), signature };
    let event: CustomerEvent;
    if (approve) {
      event = { type: 'CustomerApproved', data: { ...common, approvedDate: at.toISOString() } };
      customer.status = 'APPROVED';
      customer.waitingSince = null;
      customer.approvedDate = at.toISOString();
      customer.decision = { signature, reason: null };
    } else {
      const reason = pick(random, REJECTION_REASONS);
      event = { type: 'CustomerRejected', data: { ...common, reason } };
      customer.status = 'REJECTED';
      customer.waitingSince = null;
      customer.decision = { signature, reason };
    }
    yield* this.command(userActor(approver.user), at, [{ stream, event }]);
    customer.version = this.versionOf(stream);
  }

  private visitors: string[] = [];
  private families: { parentChangeId: string; children: { childDocumentId: string; documentNumber: string; docName: string }[] }[] = [];

  /** The public side's documents: a few hundred families of a few children each, named by id only (their own log is elsewhere). */
  private family() {
    const { random } = this;
    if (this.families.length < 300 && (this.families.length === 0 || random() < 0.2)) {
      const number = 100_000 + this.families.length;
      this.families.push({
        parentChangeId: uuidFrom(random),
        children: Array.from({ length: 1 + Math.floor(random() * 4) }, (_, i) => ({
          childDocumentId: uuidFrom(random),
          documentNumber: `IFU-${number}-${i + 1}`,
          docName: `Instructions for use ${number}-${i + 1}`,
        })),
      });
    }
    return pick(random, this.families);
  }

  private visitor(): string {
    if (this.visitors.length < 2000 && (this.visitors.length === 0 || this.random() < 0.3)) this.visitors.push(uuidFrom(this.random));
    return pick(this.random, this.visitors);
  }

  /** A sealed value as the product stores it (`v1.<iv>.<ciphertext>.<tag>`), opaque to the read models. */
  private sealed(): string {
    return `v1.${hexFrom(this.random, 24)}.${hexFrom(this.random, 40)}.${hexFrom(this.random, 32)}`;
  }

  /** Manage Notification: add (a number from the numbers stream, then the notice), edit, or delete a notice. */
  private *notice(): Generator<LogEvent> {
    const { random } = this;
    const admin = pick(random, this.activeAdmins());
    const at = this.tick();
    const by = admin.user.email;
    const live = this.notices.filter((n) => !n.deleted);
    const scope = () => {
      const customer = random() < 0.5 ? null : pick(random, this.customers);
      return { customerId: customer?.customerId ?? null, productId: customer && random() < 0.5 ? this.family().parentChangeId : null };
    };
    const text = () => `Notice ${Math.floor(random() * 100_000)}: ${pick(random, CHANGE_DESCRIPTIONS) || 'please read the new revision'}`;
    if (live.length === 0 || random() < 0.5) {
      const notificationId = this.notices.length + 1;
      const notice: NoticeLife = { notificationId, text: text(), ...scope(), deleted: false, createdAt: at.toISOString(), version: 0 };
      this.notices.push(notice);
      const { customerId, productId } = notice;
      yield* this.command(userActor(admin.user), at, [
        { stream: NOTIFICATION_NUMBERS_STREAM, event: { type: 'NotificationNumberAssigned', data: { notificationId } } },
        { stream: notificationStreamId(notificationId), event: { type: 'NotificationAdded', data: { notificationId, notificationText: notice.text, addedBy: by, customerId, productId } } },
      ]);
      notice.version = this.versionOf(notificationStreamId(notificationId));
      return;
    }
    const notice = pick(random, live);
    const stream = notificationStreamId(notice.notificationId);
    if (random() < 0.8) {
      notice.text = text();
      Object.assign(notice, scope());
      const data = { notificationId: notice.notificationId, notificationText: notice.text, editedBy: by, changed: ['notificationText'], customerId: notice.customerId, productId: notice.productId };
      yield* this.command(userActor(admin.user), at, [{ stream, event: { type: 'NotificationUpdated', data } }]);
    } else {
      notice.deleted = true;
      yield* this.command(userActor(admin.user), at, [{ stream, event: { type: 'NotificationDeleted', data: { notificationId: notice.notificationId, deletedBy: by } } }]);
    }
    notice.version = this.versionOf(stream);
  }

  /** A visitor downloads a document through an emailed link: one stream per download, the email sealed. */
  private *download(): Generator<LogEvent> {
    const { random } = this;
    const at = this.tick();
    const visitorId = this.visitor();
    const family = this.family();
    const child = pick(random, family.children);
    const email = this.sealed();
    const customer = pick(random, this.customers);
    const data = {
      visitorId,
      email,
      country: random() < 0.3 ? null : pick(random, ['DE', 'FR', 'US', 'IT']),
      childDocumentId: child.childDocumentId,
      documentNumber: child.documentNumber,
      parentChangeId: family.parentChangeId,
      customerId: customer.customerId,
      docName: child.docName,
      sha256: hexFrom(random, 64),
    };
    this.downloads.push({ position: this.emitted + 1, visitorId, childDocumentId: child.childDocumentId, sealedEmail: email });
    yield* this.command({ type: 'visitor', visitorId }, at, [{ stream: visitorDownloadStreamId(uuidFrom(random)), event: { type: 'PublicDocumentDownloaded', data } }]);
  }

  /** The safety-notice job: a notice recorded for a past reader, now and then refused by the mailer afterwards. */
  private *safetyNotice(): Generator<LogEvent> {
    const { random } = this;
    const at = this.tick();
    const system: Actor = { type: 'system', name: 'safety-notices' };
    // About one notice in four is refused by the mailer after it was recorded (a later run sends it again).
    const refused = this.safetyNotices.size > 0 && random() < 0.25 ? pick(random, [...this.safetyNotices.values()]) : undefined;
    if (refused?.delivered) {
      refused.delivered = false;
      refused.position = this.emitted + 1;
      const data = { parentChangeId: refused.parentChangeId, documentId: refused.parentChangeId, visitorId: refused.visitorId, attempt: 1 };
      return yield* this.command(system, at, [{ stream: safetyNoticeStreamId(refused.parentChangeId), event: { type: 'SafetyNoticeNotDelivered', data } }]);
    }
    const family = refused ? this.families.find((f) => f.parentChangeId === refused.parentChangeId)! : this.family();
    const visitorId = refused?.visitorId ?? this.visitor();
    const key = `${family.parentChangeId} ${visitorId}`;
    const stream = safetyNoticeStreamId(family.parentChangeId);
    const documents = family.children.slice(0, 1 + Math.floor(random() * family.children.length)).map((child) => ({
      supersededChildId: uuidFrom(random),
      supersededDocumentNumber: `${child.documentNumber}-old`,
      childDocumentId: child.childDocumentId,
      documentNumber: child.documentNumber,
      productFamilyName: `Family ${family.parentChangeId.slice(0, 8)}`,
      partNumber: `PN-${hexFrom(random, 6)}`,
    }));
    this.safetyNotices.set(key, { parentChangeId: family.parentChangeId, visitorId, position: this.emitted + 1, delivered: true, childDocumentIds: documents.map((d) => d.childDocumentId) });
    yield* this.command(system, at, [{ stream, event: { type: 'SafetyNoticeSent', data: { parentChangeId: family.parentChangeId, documentId: family.parentChangeId, visitorId, documents } } }]);
  }

  /** A visitor asks for a paper copy (sealed name, address, email; due in 7 days); staff dispatch an open one. */
  private *paperCopy(): Generator<LogEvent> {
    const { random } = this;
    const at = this.tick();
    const open = this.paperCopies.filter((p) => !p.dispatched);
    if (open.length > 0 && random() < 0.5) {
      const request = pick(random, open);
      const staff = pick(random, this.staff);
      const by = { at: at.toISOString(), by: staff.user.userId, byName: `${staff.user.firstName} ${staff.user.lastName}` };
      request.dispatched = by;
      const stream = paperCopyStreamId(request.requestId);
      const data = { requestId: request.requestId, documentNumber: request.documentNumber, dispatchedBy: by.by, dispatchedByName: by.byName, dispatchedAt: by.at };
      yield* this.command(userActor(staff.user), at, [{ stream, event: { type: 'PaperCopyDispatched', data } }]);
      request.streamVersion = this.versionOf(stream);
      return;
    }
    const family = this.family();
    const child = pick(random, family.children);
    const requestedOn = at.toISOString().slice(0, 10);
    const request: PaperCopyLife = {
      requestId: uuidFrom(random),
      visitorId: this.visitor(),
      sealed: { name: this.sealed(), address: this.sealed(), email: this.sealed() },
      childDocumentId: child.childDocumentId,
      documentNumber: child.documentNumber,
      version: 1 + Math.floor(random() * 3),
      docName: child.docName,
      quantity: 1 + Math.floor(random() * 3),
      requestedOn,
      dueDate: new Date(Date.parse(requestedOn) + PAPER_COPY_DAYS * 86_400_000).toISOString().slice(0, 10),
      requestedAt: at.toISOString(),
      dispatched: null,
      streamVersion: 0,
    };
    this.paperCopies.push(request);
    const { requestId, visitorId, sealed, childDocumentId, documentNumber, version, docName, quantity, dueDate } = request;
    const data = { requestId, visitorId, ...sealed, childDocumentId, documentNumber, version, docName, customerId: pick(random, this.customers).customerId, quantity, requestedOn, dueDate };
    const stream = paperCopyStreamId(requestId);
    yield* this.command({ type: 'visitor', visitorId }, at, [{ stream, event: { type: 'PaperCopyRequested', data } }]);
    request.streamVersion = this.versionOf(stream);
  }
}
