import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
// Each domain's values come from its import-free model module (docs/decisions/123); the
// check constraints below are built from them, so a value is declared once.
import { invitationStatuses } from "../app/features/invitations/model.ts";
import {
  exchangeRateSources,
  orderStates,
  paymentMethods,
  pixChargeStates,
  setupStates,
  tradingPlatforms,
} from "../app/features/orders/model.ts";
import {
  accountKinds,
  publicationActions,
  recordLogKinds,
  serverClocks,
  statementFormats,
  type PerformanceRecord,
} from "../app/features/performance/model.ts";
import { postCategories } from "../app/features/posts/model.ts";
import {
  signedMessageOutcomes,
  signedMessageRefusals,
} from "../app/features/signed-statements/model.ts";
import {
  consentChannels,
  consentKinds,
  emailTokenPurposes,
} from "../app/features/privacy/model.ts";
import {
  fleetFlags,
  heartbeatResolutions,
  MAX_CREDIT_THRESHOLD_MINUTES,
} from "../app/features/fleet/model.ts";
import {
  attachmentContentTypes,
  attachmentRefusals,
  conversationOrigins,
  conversationStates,
  messageAuthors,
} from "../app/features/support/model.ts";
import { chargeStates, subscriptionStates } from "../app/features/subscriptions/model.ts";
import { waitlistStatuses } from "../app/features/waitlist/model.ts";
import {
  moneyKinds,
  moneySources,
  moneyStates,
  pixMandateEnders,
  pixMandateStates,
  recurringChargeStates,
  pixRefundStates,
} from "../app/features/sales/model.ts";
import { reportKinds, suppressionReasons } from "../app/platform/mail/deliverability-model.ts";
import {
  campaignAudiences,
  campaignKinds,
  campaignMessageStatuses,
  campaignStatuses,
  type CampaignFigures,
} from "../app/features/campaigns/model.ts";

/** `column in ('a', 'b', ...)` for a check constraint, from a domain's values. */
function isOneOf(column: AnyPgColumn, values: readonly string[]) {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} in (${sql.raw(list)})`;
}

// The waitlist search folds accented letters to ASCII before lower(), so it matches under
// any collation; PGlite has no unaccent, and translate() is immutable where unaccent() is
// not (docs/decisions/073).
export const ACCENTED = "áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ";
export const PLAIN = "aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const waitlist = pgTable(
  "waitlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // Stored trimmed and lower-cased, so the unique constraint is case-insensitive.
    email: text("email").notNull().unique(),
    interestedAgents: text("interested_agents")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text("status", { enum: waitlistStatuses }).notNull().default("pending"),
    message: text("message"),
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }).notNull(),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    source: text("source"),
    // Issue 25: the rest of the campaign the visitor came from (utm_medium, utm_campaign) and
    // the origin of the external page that sent them, carried from the landing page
    // (docs/decisions/144).
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    referrer: text("referrer"),
    createdAt: createdAt(),
    // Issue 11: when the person confirmed the address (double opt-in); null until then.
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    // Issue 25: when the one reminder to confirm went (a day after an unconfirmed sign-up).
    confirmationRemindedAt: timestamp("confirmation_reminded_at", { withTimezone: true }),
    // Issue 36: the person asked to be erased while subscribed and chose to keep what the
    // contract needs (LGPD art. 16); the rest goes once no subscription of theirs is live.
    erasureRequestedAt: timestamp("erasure_requested_at", { withTimezone: true }),
    // Issue 10: name and e-mail folded for the admin's search, kept by the database.
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql.raw(`lower(translate(name || ' ' || email, '${ACCENTED}', '${PLAIN}'))`),
      ),
  },
  (table) => [
    check("waitlist_status_check", isOneOf(table.status, waitlistStatuses)),
    check("waitlist_email_lower_check", sql`${table.email} = lower(btrim(${table.email}))`),
    // Issue 10: the admin list's keyset pages, newest first, with or without a status filter.
    index("waitlist_created_at_id_idx").on(table.createdAt, table.id),
    index("waitlist_status_created_at_id_idx").on(table.status, table.createdAt, table.id),
    index("waitlist_interested_agents_idx").using("gin", table.interestedAgents),
    // Issue 10: `q` as a trigram match (docs/decisions/073); the extension comes from
    // migration 0007.
    index("waitlist_search_text_trgm_idx").using("gin", sql`${table.searchText} gin_trgm_ops`),
    // Issue 25: "Origem" ignores case and accents (docs/decisions/145).
    index("waitlist_source_key_created_at_idx").on(
      sql.raw(`lower(translate(coalesce(source, ''), '${ACCENTED}', '${PLAIN}'))`),
      table.createdAt,
      table.id,
    ),
  ],
);

// Issue 25: waitlist entries per São Paulo day, status, set of agents, source and whether
// confirmed, kept by triggers on waitlist (docs/decisions/145, replacing 074's table), so the
// admin's counts, summary and chart for any filter without a search never scan the list. A
// figure is spread over a few `slot` rows, so concurrent sign-ups seldom wait on the same
// row; it is the sum over its slots. `agents` is sorted; `source` is '' when none.
export const waitlistTallies = pgTable(
  "waitlist_tallies",
  {
    day: date("day").notNull(),
    status: text("status", { enum: waitlistStatuses }).notNull(),
    agents: text("agents").array().notNull(),
    source: text("source").notNull(),
    confirmed: boolean("confirmed").notNull(),
    slot: smallint("slot").notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.day, table.status, table.agents, table.source, table.confirmed, table.slot],
    }),
  ],
);

export const robots = pgTable(
  "robots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Issue 10: the agent id pages, sign-ups and code use; never changes (the slug may).
    key: text("key").notNull().unique(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description").notNull(),
    logoUrl: text("logo_url"),
    myfxbookLink: text("myfxbook_link"),
    // USD per month; null means "Sob consulta".
    price: numeric("price", { precision: 10, scale: 2 }),
    // Issue 12: how many clients the robot takes (vagas); null means unlimited.
    capacity: integer("capacity"),
    // Issue 12: when an invitation expires or is declined, invite the next person by itself.
    autoInvite: boolean("auto_invite").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [check("robots_capacity_check", sql`${table.capacity} >= 0`)],
);

// Issue 10: every slug a robot had before its current one, so old links answer 301.
export const robotSlugHistory = pgTable("robot_slug_history", {
  slug: text("slug").primaryKey(),
  robotId: uuid("robot_id")
    .notNull()
    .references(() => robots.id, { onDelete: "cascade" }),
  retiredAt: timestamp("retired_at", { withTimezone: true }).notNull().defaultNow(),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    content: text("content").notNull(),
    // The content rendered and sanitized when the post is saved (decision 058).
    contentHtml: text("content_html"),
    excerpt: text("excerpt"),
    featuredImageUrl: text("featured_image_url"),
    category: text("category", { enum: postCategories }).notNull().default("Educação"),
    author: text("author").notNull().default("Equipe Agentes FX"),
    isPublished: boolean("is_published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [check("blog_posts_category_check", isOneOf(table.category, postCategories))],
);

// Fixed-window counters shared by every server process (sign-up limits and the like).
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

// better-auth's tables (with the admin plugin's columns), in its default shape.
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable("session", {
  id: text("id").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  token: text("token").notNull().unique(),
  ipAddress: text("ip_address"),
  userAgent: text("user_agent"),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  impersonatedBy: text("impersonated_by"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const account = pgTable("account", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  providerId: text("provider_id").notNull(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  accessToken: text("access_token"),
  refreshToken: text("refresh_token"),
  idToken: text("id_token"),
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
  scope: text("scope"),
  password: text("password"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// Issue 11: e-mail. The outbox is the job queue (docs/decisions/080): a business change and
// its message row are written in one transaction; the worker claims due rows with
// FOR UPDATE SKIP LOCKED, pushing run_at ahead as a lease, and retries with backoff.
// Settled (sent, failed, cancelled) messages are purged after EMAIL_RETENTION_DAYS, a failed
// one only once staff have seen it (docs/decisions/116).
export const emailStatuses = ["queued", "sent", "failed", "cancelled"] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    template: text("template").notNull(),
    recipient: text("recipient").notNull(),
    // What the message needs to be rendered, never a link's token (minted at send); emptied
    // once sent (docs/decisions/113 and 116).
    payload: jsonb("payload").$type<Record<string, string>>().notNull(),
    status: text("status", { enum: emailStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    // The worker holding the lease, while it holds it (claim-owner.server.ts).
    claimedBy: text("claimed_by"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    // When staff first saw it failed at /admin/emails.
    seenAt: timestamp("seen_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("email_outbox_status_check", isOneOf(table.status, emailStatuses)),
    index("email_outbox_due_idx")
      .on(table.runAt)
      .where(sql`${table.status} = 'queued'`),
    index("email_outbox_recipient_idx").on(table.recipient, table.template, table.createdAt),
  ],
);

// Issue 11: the blog's newsletter, a list apart from the waitlist (docs/decisions/104).
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("newsletter_email_lower_check", sql`${table.email} = lower(btrim(${table.email}))`),
  ],
);

// Links sent by e-mail (and the Meus dados session): only the SHA-256 of the token is kept.
// A token belongs to a waitlist entry or to a newsletter subscriber.
export const emailTokens = pgTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose", { enum: emailTokenPurposes }).notNull(),
    waitlistId: uuid("waitlist_id").references(() => waitlist.id, { onDelete: "cascade" }),
    subscriberId: uuid("subscriber_id").references(() => newsletterSubscribers.id, {
      onDelete: "cascade",
    }),
    // The message that carried the link: a resend deletes its tokens (docs/decisions/115).
    outboxId: uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("email_tokens_outbox_idx").on(table.outboxId),
    check("email_tokens_purpose_check", isOneOf(table.purpose, emailTokenPurposes)),
    check(
      "email_tokens_owner_check",
      sql`(${table.waitlistId} is null) <> (${table.subscriberId} is null)`,
    ),
  ],
);

// Issue 11: consent as a ledger (docs/decisions/087). Each acceptance of the terms, each
// marketing consent given or withdrawn and each confirmation of the address is one row; the
// waitlist's terms_accepted_at, marketing_consent and confirmed_at are the ledger's latest state.
export const consentEvents = pgTable(
  "consent_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    waitlistId: uuid("waitlist_id")
      .notNull()
      .references(() => waitlist.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: consentKinds }).notNull(),
    channel: text("channel", { enum: consentChannels }).notNull(),
    // Which wording the person saw (app/content/consent.ts).
    textVersion: text("text_version").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("consent_events_kind_check", isOneOf(table.kind, consentKinds)),
    check("consent_events_channel_check", isOneOf(table.channel, consentChannels)),
    index("consent_events_waitlist_idx").on(table.waitlistId, table.createdAt),
  ],
);

// Issue 11: addresses whose entry was deleted, as SHA-256 of the address only, so they are
// never e-mailed again; a new sign-up with the address removes its hash (docs/decisions/088).
export const erasedEmails = pgTable("erased_emails", {
  emailHash: text("email_hash").primaryKey(),
  erasedAt: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
});

// Without SMTP_URL every message lands here instead, for staff to read at /admin/emails.
export const emailMailbox = pgTable("email_mailbox", {
  id: uuid("id").primaryKey().defaultRandom(),
  messageId: text("message_id").notNull(),
  outboxId: uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  // The SHA-256 of each link's token, in the order of the markers that replace the tokens in
  // html and text: staff opening the message give each a fresh token (docs/decisions/400).
  linkHashes: text("link_hashes")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: createdAt(),
});

// Each time staff opened a local-mailbox message with usable links: who, which, when
// (docs/decisions/400).
export const emailMailboxOpenings = pgTable(
  "email_mailbox_openings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    mailboxId: uuid("mailbox_id")
      .notNull()
      .references(() => emailMailbox.id, { onDelete: "cascade" }),
    openedBy: text("opened_by").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("email_mailbox_openings_mailbox_idx").on(table.mailboxId, table.openedAt)],
);

// Issue 10: who moved a waitlist entry to which status, and when.
export const waitlistStatusChanges = pgTable(
  "waitlist_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => waitlist.id, { onDelete: "cascade" }),
    status: text("status", { enum: waitlistStatuses }).notNull(),
    changedBy: text("changed_by").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("waitlist_status_changes_status_check", isOneOf(table.status, waitlistStatuses)),
    index("waitlist_status_changes_entry_idx").on(table.entryId, table.changedAt),
  ],
);

// Issue 12: an invitation to take a spot of one robot (docs/decisions/090). While `sent` and
// before its deadline it holds a spot; each state change keeps its time.
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    waitlistId: uuid("waitlist_id")
      .notNull()
      .references(() => waitlist.id, { onDelete: "cascade" }),
    robotId: uuid("robot_id")
      .notNull()
      .references(() => robots.id, { onDelete: "cascade" }),
    status: text("status", { enum: invitationStatuses }).notNull().default("sent"),
    // Staff e-mail, or "automático" for an invitation the queue sent by itself.
    invitedBy: text("invited_by").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    deadline: timestamp("deadline", { withTimezone: true }).notNull(),
    reminderAt: timestamp("reminder_at", { withTimezone: true }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: text("revoked_by"),
  },
  (table) => [
    check("invitations_status_check", isOneOf(table.status, invitationStatuses)),
    // One open or accepted invitation per person and robot.
    uniqueIndex("invitations_live_idx")
      .on(table.waitlistId, table.robotId)
      .where(sql`${table.status} in ('sent', 'accepted')`),
    index("invitations_robot_status_idx").on(table.robotId, table.status),
    index("invitations_open_deadline_idx")
      .on(table.deadline)
      .where(sql`${table.status} = 'sent'`),
    index("invitations_waitlist_idx").on(table.waitlistId, table.sentAt),
  ],
);

// The links of an invitation (the first e-mail's and the reminder's): only the SHA-256 of
// each token is kept.
export const invitationTokens = pgTable(
  "invitation_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    invitationId: uuid("invitation_id")
      .notNull()
      .references(() => invitations.id, { onDelete: "cascade" }),
    // The message that carried the link (docs/decisions/115).
    outboxId: uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("invitation_tokens_invitation_idx").on(table.invitationId),
    index("invitation_tokens_outbox_idx").on(table.outboxId),
  ],
);

// Recurring jobs of the worker (invitation deadlines, retention): one row each, claimed with
// FOR UPDATE SKIP LOCKED by one worker at a time, due by the application clock
// (docs/decisions/115).
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  runAt: timestamp("run_at", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
});
// Issue 22: a file's bytes, unchanged (PGlite gives a Uint8Array, pg a Buffer, which is one).
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

// Issue 22: every MetaTrader statement staff uploaded for a robot, the file kept unchanged
// with its SHA-256, and the record computed from it at upload (docs/decisions/133).
// Append-only: a trigger (in the migration that creates the table) refuses updates and deletes.
export const performanceStatements = pgTable(
  "performance_statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    robotId: uuid("robot_id")
      .notNull()
      .references(() => robots.id),
    fileName: text("file_name").notNull(),
    // The file itself is in performance_statement_files.
    sha256: text("sha256").notNull(),
    format: text("format", { enum: statementFormats }).notNull(),
    accountKind: text("account_kind", { enum: accountKinds }).notNull(),
    broker: text("broker").notNull(),
    serverClock: text("server_clock", { enum: serverClocks }).notNull(),
    currency: text("currency").notNull(),
    record: jsonb("record").$type<PerformanceRecord>().notNull(),
    reconciled: boolean("reconciled").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    // Issue 38 (docs/decisions/377): set when the statement arrived by e-mail signed with
    // DKIM by this broker domain (verified at signatureVerifiedAt); null for an upload.
    signedByDomain: text("signed_by_domain"),
    signatureVerifiedAt: timestamp("signature_verified_at", { withTimezone: true }),
  },
  (table) => [
    check("performance_statements_format_check", isOneOf(table.format, statementFormats)),
    check("performance_statements_kind_check", isOneOf(table.accountKind, accountKinds)),
    check("performance_statements_clock_check", isOneOf(table.serverClock, serverClocks)),
    index("performance_statements_robot_idx").on(table.robotId, table.uploadedAt),
  ],
);

// Issue 22: each uploaded statement's exact file, in parts of at most 256 KB, each written by
// a statement of its own before the statement's row, so the embedded database never holds
// the server for a whole 5 MB file (docs/decisions/216). No foreign key: the row that makes
// the parts a statement's is written last (a failed upload leaves parts nobody refers to).
// Append-only like the history (a trigger in the migration).
export const performanceStatementFiles = pgTable(
  "performance_statement_files",
  {
    statementId: uuid("statement_id").notNull(),
    part: integer("part").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (table) => [primaryKey({ columns: [table.statementId, table.part] })],
);

// Issue 22: which statement the public sees for a robot: the latest row. Append-only too.
export const performancePublications = pgTable(
  "performance_publications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    robotId: uuid("robot_id")
      .notNull()
      .references(() => robots.id),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => performanceStatements.id),
    publishedBy: text("published_by").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
    // Issue 38: a "withdraw" row takes the robot's record off the site; statementId is the
    // statement it withdraws.
    action: text("action", { enum: publicationActions }).notNull().default("publish"),
    // The record of every statement published for the account since the last withdrawal,
    // combined (docs/decisions/430); null when the statement's own record is the whole one.
    record: jsonb("record").$type<PerformanceRecord>(),
  },
  (table) => [
    index("performance_publications_robot_idx").on(table.robotId, table.publishedAt),
    check("performance_publications_action_check", isOneOf(table.action, publicationActions)),
  ],
);

// Issue 38: each robot's record start, fixed by its first publication and never moved
// (docs/decisions/372): a trigger in the migration refuses updates and deletes, and later
// publications insert nothing (ON CONFLICT DO NOTHING).
export const performanceRecordStarts = pgTable("performance_record_starts", {
  robotId: uuid("robot_id")
    .primaryKey()
    .references(() => robots.id),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  statementId: uuid("statement_id")
    .notNull()
    .references(() => performanceStatements.id),
  fixedAt: timestamp("fixed_at", { withTimezone: true }).notNull(),
});

// Issue 38: the public, append-only log of everything published (docs/decisions/370). Each
// entry's hash is the SHA-256 of its line as /registro.txt prints it, which carries the
// previous entry's hash; a trigger refuses updates and deletes.
export const recordLogEntries = pgTable(
  "record_log_entries",
  {
    seq: integer("seq").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    kind: text("kind", { enum: recordLogKinds }).notNull(),
    robot: text("robot").notNull(),
    account: text("account").notNull(),
    fileSha256: text("file_sha256").notNull(),
    previousHash: text("previous_hash").notNull(),
    hash: text("hash").notNull(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => performanceStatements.id),
  },
  (table) => [check("record_log_entries_kind_check", isOneOf(table.kind, recordLogKinds))],
);

// Issue 38: each signed head of the log (its size, last hash and date), append-only.
export const recordLogHeads = pgTable("record_log_heads", {
  size: integer("size").primaryKey(),
  hash: text("hash").notNull(),
  signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
  publicKey: text("public_key").notNull(),
  signature: text("signature").notNull(),
});

// Issue 38: the log's Ed25519 key when RECORD_LOG_SIGNING_KEY is not set: generated once,
// one row (docs/decisions/371).
export const recordLogKeys = pgTable(
  "record_log_keys",
  {
    id: smallint("id").primaryKey().default(1),
    privateKey: text("private_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("record_log_keys_one_row", sql`${table.id} = 1`)],
);

// Issue 38 (docs/decisions/377): the address each robot's broker account e-mails its
// statements to, with what staff declare of the account and the broker domains whose DKIM
// signature is trusted for it.
export const signedStatementInboxes = pgTable("signed_statement_inboxes", {
  robotId: uuid("robot_id")
    .primaryKey()
    .references(() => robots.id),
  // The address's local part: random, so the address is not guessed.
  mailbox: text("mailbox").notNull().unique(),
  accountNumber: text("account_number").notNull(),
  brokerDomains: text("broker_domains").array().notNull(),
  accountKind: text("account_kind", { enum: accountKinds }).notNull(),
  broker: text("broker").notNull(),
  serverClock: text("server_clock", { enum: serverClocks }).notNull(),
  currency: text("currency").notNull(),
  updatedBy: text("updated_by").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Issue 38: every message delivered to an inbox, accepted or refused with its reason, with
// its raw text (in parts, below) and SHA-256. Append-only (a trigger in the migration).
export const signedStatementMessages = pgTable(
  "signed_statement_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    robotId: uuid("robot_id")
      .notNull()
      .references(() => robots.id),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    mailFrom: text("mail_from").notNull(),
    size: integer("size").notNull(),
    // Null only for a message too large to keep.
    sha256: text("sha256"),
    outcome: text("outcome", { enum: signedMessageOutcomes }).notNull(),
    reason: text("reason", { enum: signedMessageRefusals }),
    // The domain of the signature that passed (or of the first one found).
    signingDomain: text("signing_domain"),
    detail: text("detail"),
    statementId: uuid("statement_id").references(() => performanceStatements.id),
  },
  (table) => [
    index("signed_statement_messages_robot_idx").on(table.robotId, table.receivedAt),
    index("signed_statement_messages_sha_idx").on(table.sha256),
    check("signed_statement_messages_outcome_check", isOneOf(table.outcome, signedMessageOutcomes)),
    // A null reason passes the first check; the second ties reasons to refusals.
    check("signed_statement_messages_reason_check", isOneOf(table.reason, signedMessageRefusals)),
    check(
      "signed_statement_messages_refused_has_reason",
      sql`(${table.outcome} = 'refused') = (${table.reason} is not null)`,
    ),
  ],
);

// Issue 38: a received message's raw bytes in parts of at most 256 KB (as statements' files,
// docs/decisions/216), written before the message's row. Append-only.
export const signedStatementMessageParts = pgTable(
  "signed_statement_message_parts",
  {
    messageId: uuid("message_id").notNull(),
    part: integer("part").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.part] })],
);

// Issue 23: orders, from an accepted invitation to a running robot (docs/decisions/150-155).
// Money is integer cents; the exchange rate is numeric R$ per US$ with who set it and when.

/** Every exchange rate staff set; the newest is the one new orders take. */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rate: numeric("rate", { precision: 8, scale: 4 }).notNull(),
    setBy: text("set_by").notNull(),
    setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
    // Issue 37 (docs/decisions/354): the PTAX with the business day it closed, or staff's
    // override with its reason.
    source: text("source", { enum: exchangeRateSources }).notNull().default("staff"),
    quotedOn: text("quoted_on"),
    reason: text("reason"),
  },
  (table) => [
    check("exchange_rates_range_check", sql`${table.rate} between 1 and 20`),
    check("exchange_rates_source_check", isOneOf(table.source, exchangeRateSources)),
    uniqueIndex("exchange_rates_ptax_day_idx")
      .on(table.quotedOn)
      .where(sql`${table.source} = 'ptax'`),
    index("exchange_rates_set_at_idx").on(table.setAt),
  ],
);

/** A robot's early-list discount; no row means the site promises no figure. */
export const earlyDiscounts = pgTable(
  "early_discounts",
  {
    robotId: uuid("robot_id")
      .primaryKey()
      .references(() => robots.id, { onDelete: "cascade" }),
    basisPoints: integer("basis_points").notNull(),
    months: integer("months").notNull(),
    setBy: text("set_by").notNull(),
    setAt: timestamp("set_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("early_discounts_bp_check", sql`${table.basisPoints} between 1 and 10000`),
    check("early_discounts_months_check", sql`${table.months} between 1 and 120`),
  ],
);

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // "AFX" + 10 base32 characters: the PIX txid and the transfer's reference.
    reference: text("reference").notNull().unique(),
    // Set null when the person's data is erased: the order stays, for the accounts.
    invitationId: uuid("invitation_id")
      .unique()
      .references(() => invitations.id, { onDelete: "set null" }),
    waitlistId: uuid("waitlist_id").references(() => waitlist.id, { onDelete: "set null" }),
    robotId: uuid("robot_id").references(() => robots.id, { onDelete: "set null" }),
    robotName: text("robot_name").notNull(),
    state: text("state", { enum: orderStates }).notNull().default("awaiting-payment"),
    partnerBroker: boolean("partner_broker").notNull(),
    // Null for a robot "Sob consulta": staff send the amount.
    priceUsdCents: integer("price_usd_cents"),
    partnerDiscountUsdCents: integer("partner_discount_usd_cents"),
    earlyDiscountBp: integer("early_discount_bp"),
    earlyDiscountMonths: integer("early_discount_months"),
    earlyDiscountUsdCents: integer("early_discount_usd_cents"),
    totalUsdCents: integer("total_usd_cents"),
    // Null until staff set a rate (then every awaiting order without one takes it).
    exchangeRate: numeric("exchange_rate", { precision: 8, scale: 4 }),
    exchangeRateSetBy: text("exchange_rate_set_by"),
    exchangeRateSetAt: timestamp("exchange_rate_set_at", { withTimezone: true }),
    exchangeRateSource: text("exchange_rate_source", { enum: exchangeRateSources }),
    // The PTAX's business day (YYYY-MM-DD) when the rate is the PTAX.
    exchangeRateQuotedOn: text("exchange_rate_quoted_on"),
    // Staff's reason when they overrode the PTAX (docs/decisions/367).
    exchangeRateReason: text("exchange_rate_reason"),
    totalBrlCents: integer("total_brl_cents"),
    // The invitation's deadline (SPEC section 9: 48 hours to confirm and pay).
    deadline: timestamp("deadline", { withTimezone: true }).notNull(),
    reminderAt: timestamp("reminder_at", { withTimezone: true }),
    // Card, PayPal or crypto chosen: staff send a payment link.
    linkMethod: text("link_method", { enum: paymentMethods }),
    linkRequestedAt: timestamp("link_requested_at", { withTimezone: true }),
    // Staff recorded that they e-mailed the payment link (who and when).
    linkSentAt: timestamp("link_sent_at", { withTimezone: true }),
    linkSentBy: text("link_sent_by"),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [
    check("orders_state_check", isOneOf(table.state, orderStates)),
    check("orders_amounts_check", sql`${table.totalBrlCents} >= 0 and ${table.totalUsdCents} >= 0`),
    index("orders_state_created_idx").on(table.state, table.createdAt),
    index("orders_awaiting_deadline_idx")
      .on(table.deadline)
      .where(sql`${table.state} = 'awaiting-payment'`),
    index("orders_awaiting_amount_idx")
      .on(table.totalBrlCents)
      .where(sql`${table.state} = 'awaiting-payment'`),
    index("orders_waitlist_idx").on(table.waitlistId),
  ],
);

/** Every change of an order: who, when, from which state to which, and why. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    actor: text("actor").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    fromState: text("from_state", { enum: orderStates }),
    toState: text("to_state", { enum: orderStates }),
    reason: text("reason").notNull(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.at)],
);

/** The one payment of an order: by hand (method, reference, note) or from a statement. */
export const payments = pgTable("payments", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  method: text("method", { enum: paymentMethods }).notNull(),
  amountBrlCents: integer("amount_brl_cents"),
  reference: text("reference").notNull(),
  note: text("note"),
  creditKey: text("credit_key"),
  recordedBy: text("recorded_by").notNull(),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
});

/**
 * An order's immediate charge at the PSP (API Pix `cob`, docs/decisions/352): queued in the
 * acceptance's transaction, created at the PSP by the order page or the worker, its copia e
 * cola kept; failed when the PSP refused it (the order then shows the static code).
 */
export const pixCharges = pgTable(
  "pix_charges",
  {
    txid: text("txid").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountBrlCents: integer("amount_brl_cents").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    state: text("state", { enum: pixChargeStates }).notNull().default("pending"),
    copyPaste: text("copy_paste"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    activeAt: timestamp("active_at", { withTimezone: true }),
  },
  (table) => [
    check("pix_charges_state_check", isOneOf(table.state, pixChargeStates)),
    check("pix_charges_amount_check", sql`${table.amountBrlCents} > 0`),
    index("pix_charges_pending_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'pending'`),
    index("pix_charges_active_idx")
      .on(table.activeAt)
      .where(sql`${table.state} = 'active'`),
  ],
);

/**
 * A Pix the PSP's webhook delivered, kept until the worker applies it (docs/decisions/440):
 * the webhook answers once it is stored, and the row goes when its ledger line is written.
 */
export const pixInbox = pgTable(
  "pix_inbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // One item of the webhook's `pix[]`, as the contract checked it (read back through it).
    pix: jsonb("pix").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    // Due to be applied from then on: a claim leases it ahead, a failure retries it later.
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (table) => [index("pix_inbox_run_at_idx").on(table.runAt)],
);

/** A statement staff uploaded: parsed, shown as a preview, applied once. */
export const statementImports = pgTable("statement_imports", {
  id: uuid("id").primaryKey().defaultRandom(),
  format: text("format", { enum: ["ofx", "csv"] }).notNull(),
  account: text("account"),
  sha256: text("sha256").notNull(),
  // The parsed credits and the match proposed for each, as shown to staff.
  credits: jsonb("credits").notNull(),
  uploadedBy: text("uploaded_by").notNull(),
  uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  appliedBy: text("applied_by"),
  appliedAt: timestamp("applied_at", { withTimezone: true }),
});

/**
 * Every credit already imported, by its key, so the same file twice changes nothing; the
 * payment it made names it (payments.credit_key).
 */
export const bankCredits = pgTable("bank_credits", {
  key: text("key").primaryKey(),
  postedOn: text("posted_on").notNull(),
  amountCents: integer("amount_cents").notNull(),
  description: text("description").notNull(),
  importId: uuid("import_id").references(() => statementImports.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** Setup after payment: the person's form, then staff's two steps (docs/decisions/155). */
export const orderSetups = pgTable(
  "order_setups",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    state: text("state", { enum: setupStates }).notNull().default("awaiting-form"),
    accountNumber: text("account_number"),
    brokerServer: text("broker_server"),
    platform: text("platform", { enum: tradingPlatforms }),
    whatsapp: text("whatsapp"),
    // AES-256-GCM with SETUP_CREDENTIAL_KEY; erased when the robot runs.
    credentialSealed: text("credential_sealed"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    vpsReadyAt: timestamp("vps_ready_at", { withTimezone: true }),
    runningAt: timestamp("running_at", { withTimezone: true }),
    // Staff were e-mailed that the VPS passed its 4 business hours (once per setup).
    overdueNotifiedAt: timestamp("overdue_notified_at", { withTimezone: true }),
  },
  (table) => [index("order_setups_state_idx").on(table.state, table.submittedAt)],
);

/** Single-use setup links e-mailed after payment; only the SHA-256 of the token is kept. */
export const orderTokens = pgTable(
  "order_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // The message that carried the link (docs/decisions/113): a resend revokes it.
    outboxId: uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("order_tokens_order_idx").on(table.orderId),
    index("order_tokens_outbox_idx").on(table.outboxId),
  ],
);

// Issue 24: subscriptions (docs/decisions/170-173). A paid order starts one; each later cycle
// is a charge, created exactly once per (subscription, cycle) by the renewal sweep.

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The first order, whose payment started the subscription (cycle 1).
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    // The person and the robot are the order's (no foreign keys of its own: inserting one
    // inside a payment must not lock the robot's row out of the robot -> order lock order).
    robotName: text("robot_name").notNull(),
    state: text("state", { enum: subscriptionStates }).notNull().default("active"),
    // The monthly price fixed at the start (null for a robot "Sob consulta": staff charge
    // those by hand), and the early discount frozen from the first order.
    priceUsdCents: integer("price_usd_cents"),
    earlyDiscountBp: integer("early_discount_bp"),
    earlyDiscountMonths: integer("early_discount_months"),
    // Whether the partner-broker account is active: the next charges take the 25% off.
    partnerBroker: boolean("partner_broker").notNull(),
    // Cycles count from this São Paulo date, on which cycle anchor_cycle began.
    anchorDate: date("anchor_date").notNull(),
    anchorCycle: integer("anchor_cycle").notNull().default(1),
    // The last paid cycle, and the date its service ends (the next due date).
    paidCycle: integer("paid_cycle").notNull().default(1),
    paidThrough: date("paid_through").notNull(),
    firstPaidAt: timestamp("first_paid_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    refundRequestedAt: timestamp("refund_requested_at", { withTimezone: true }),
    refundMethod: text("refund_method"),
    refundReference: text("refund_reference"),
    refundedBy: text("refunded_by"),
    // The payer's CPF or CNPJ (digits), which a due-date charge names (docs/decisions/365).
    payerDocument: text("payer_document"),
    createdAt: createdAt(),
  },
  (table) => [
    check("subscriptions_state_check", isOneOf(table.state, subscriptionStates)),
    check("subscriptions_cycles_check", sql`${table.paidCycle} >= ${table.anchorCycle}`),
    index("subscriptions_state_paid_through_idx").on(table.state, table.paidThrough),
  ],
);

/** A renewal: the charge of one cycle, with its own PIX txid and its frozen amounts. */
export const subscriptionCharges = pgTable(
  "subscription_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    cycle: integer("cycle").notNull(),
    // "AFX" + 10 base32 characters, like an order's: the PIX txid and the transfer's reference.
    reference: text("reference").notNull().unique(),
    state: text("state", { enum: chargeStates }).notNull().default("open"),
    dueDate: date("due_date").notNull(),
    priceUsdCents: integer("price_usd_cents").notNull(),
    partnerDiscountUsdCents: integer("partner_discount_usd_cents").notNull(),
    earlyDiscountUsdCents: integer("early_discount_usd_cents").notNull(),
    totalUsdCents: integer("total_usd_cents").notNull(),
    exchangeRate: numeric("exchange_rate", { precision: 8, scale: 4 }).notNull(),
    exchangeRateSetBy: text("exchange_rate_set_by").notNull(),
    exchangeRateSetAt: timestamp("exchange_rate_set_at", { withTimezone: true }).notNull(),
    // Which rate it was (docs/decisions/367): the PTAX of a business day, or staff's override.
    exchangeRateSource: text("exchange_rate_source", { enum: exchangeRateSources })
      .notNull()
      .default("staff"),
    exchangeRateQuotedOn: text("exchange_rate_quoted_on"),
    exchangeRateReason: text("exchange_rate_reason"),
    totalBrlCents: integer("total_brl_cents").notNull(),
    createdAt: createdAt(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    paymentMethod: text("payment_method", { enum: paymentMethods }),
    paymentReference: text("payment_reference"),
    paymentAmountBrlCents: integer("payment_amount_brl_cents"),
    paymentRecordedBy: text("payment_recorded_by"),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    // The service credit (decision 394): the cycle whose downtime was measured for this
    // charge, the minutes without a signal it had, the threshold then in force, and what
    // came off the total (0 at or under the threshold).
    creditedCycle: integer("credited_cycle"),
    downtimeMinutes: integer("downtime_minutes"),
    creditThresholdMinutes: integer("credit_threshold_minutes"),
    serviceCreditUsdCents: integer("service_credit_usd_cents").notNull().default(0),
  },
  (table) => [
    // Two sweeps, a retry after a crash: one charge per cycle, whatever happens.
    uniqueIndex("subscription_charges_cycle_idx").on(table.subscriptionId, table.cycle),
    check("subscription_charges_state_check", isOneOf(table.state, chargeStates)),
    check("subscription_charges_amounts_check", sql`${table.totalBrlCents} >= 0`),
    index("subscription_charges_open_due_idx")
      .on(table.dueDate)
      .where(sql`${table.state} = 'open'`),
  ],
);

/**
 * A subscription's Pix Automático mandate (API Pix `rec`, docs/decisions/355): created at the
 * PSP when the customer asks, awaiting them until they approve its QR at their bank. At most
 * one live (awaiting or approved) per subscription. The ceiling is what the payer's own
 * maximum may not be set below; a cycle above it is charged by hand.
 */
export const pixMandates = pgTable(
  "pix_mandates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null while a mandate asked for with the first payment (Jornada 3, decision 480) awaits
    // its order's payment; the subscription the order starts inherits it.
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, {
      onDelete: "cascade",
    }),
    // The order whose own charge (cob) the mandate's QR pays with the authorisation (Jornada 3).
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    idRec: text("id_rec").notNull().unique(),
    state: text("state", { enum: pixMandateStates }).notNull().default("awaiting-payer"),
    ceilingBrlCents: integer("ceiling_brl_cents").notNull(),
    payerName: text("payer_name").notNull(),
    payerCpf: text("payer_cpf").notNull(),
    // The QR's copia e cola while the mandate awaits the payer.
    copyPaste: text("copy_paste"),
    createdAt: createdAt(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedBy: text("ended_by", { enum: pixMandateEnders }),
    endReason: text("end_reason"),
    // Our cancellation, written with the subscription's end and sent by the worker.
    cancelRequestedAt: timestamp("cancel_requested_at", { withTimezone: true }),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
  },
  (table) => [
    check("pix_mandates_state_check", isOneOf(table.state, pixMandateStates)),
    check(
      "pix_mandates_ended_by_check",
      sql`${table.endedBy} is null or ${isOneOf(table.endedBy, pixMandateEnders)}`,
    ),
    check("pix_mandates_ceiling_check", sql`${table.ceilingBrlCents} > 0`),
    check(
      "pix_mandates_owner_check",
      sql`${table.subscriptionId} is not null or ${table.orderId} is not null`,
    ),
    uniqueIndex("pix_mandates_live_idx")
      .on(table.subscriptionId)
      .where(sql`${table.state} in ('awaiting-payer', 'approved')`),
    uniqueIndex("pix_mandates_order_live_idx")
      .on(table.orderId)
      .where(sql`${table.state} in ('awaiting-payer', 'approved')`),
    index("pix_mandates_cancel_idx")
      .on(table.cancelRequestedAt)
      .where(sql`${table.cancelRequestedAt} is not null`),
  ],
);

/**
 * A renewal charged under a mandate (API Pix `cobr`, docs/decisions/357): one per renewal,
 * sent by the worker, scheduled by the payer's bank for the due date, retried after a failed
 * attempt; its Pix is applied to the renewal through the ledger like any other.
 */
export const pixRecurringCharges = pgTable(
  "pix_recurring_charges",
  {
    txid: text("txid").primaryKey(),
    chargeId: uuid("charge_id")
      .notNull()
      .unique()
      .references(() => subscriptionCharges.id, { onDelete: "cascade" }),
    mandateId: uuid("mandate_id")
      .notNull()
      .references(() => pixMandates.id, { onDelete: "cascade" }),
    amountBrlCents: integer("amount_brl_cents").notNull(),
    dueDate: date("due_date").notNull(),
    state: text("state", { enum: recurringChargeStates }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    retries: integer("retries").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    check("pix_recurring_charges_state_check", isOneOf(table.state, recurringChargeStates)),
    check("pix_recurring_charges_amount_check", sql`${table.amountBrlCents} > 0`),
    index("pix_recurring_charges_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.state} in ('pending', 'scheduled')`),
  ],
);

/**
 * A renewal's due-date charge at the PSP (API Pix `cobv`, docs/decisions/365): queued with the
 * renewal for a customer without a Pix Automático mandate, created at the PSP by the worker
 * or the customer's page, with the fine and interest staff set at the time; failed when the
 * PSP refused it (the charge then shows the static code).
 */
export const pixDueCharges = pgTable(
  "pix_due_charges",
  {
    txid: text("txid").primaryKey(),
    chargeId: uuid("charge_id")
      .notNull()
      .unique()
      .references(() => subscriptionCharges.id, { onDelete: "cascade" }),
    amountBrlCents: integer("amount_brl_cents").notNull(),
    dueDate: date("due_date").notNull(),
    // Days after the due date the PSP still takes it (the grace period).
    daysAfterDue: integer("days_after_due").notNull(),
    // Fine once after the due date, interest per month pro rata, in basis points; 0 = none.
    fineBp: integer("fine_bp").notNull(),
    interestBpMonth: integer("interest_bp_month").notNull(),
    // Whether the renewal's e-mail waits for this charge's code (false: it already went).
    holdsNotice: boolean("holds_notice").notNull().default(true),
    state: text("state", { enum: pixChargeStates }).notNull().default("pending"),
    copyPaste: text("copy_paste"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    activeAt: timestamp("active_at", { withTimezone: true }),
  },
  (table) => [
    check("pix_due_charges_state_check", isOneOf(table.state, pixChargeStates)),
    check("pix_due_charges_amount_check", sql`${table.amountBrlCents} > 0`),
    check(
      "pix_due_charges_terms_check",
      sql`${table.fineBp} between 0 and 200 and ${table.interestBpMonth} between 0 and 100 and ${table.daysAfterDue} between 0 and 60`,
    ),
    index("pix_due_charges_pending_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'pending'`),
  ],
);

/**
 * Fine and interest of renewal charges as staff set them (/admin/assinaturas); the newest row
 * holds. No row: no fine, no interest.
 */
export const renewalChargeTerms = pgTable(
  "renewal_charge_terms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fineBp: integer("fine_bp").notNull(),
    interestBpMonth: integer("interest_bp_month").notNull(),
    setBy: text("set_by").notNull(),
    setAt: timestamp("set_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      "renewal_charge_terms_check",
      sql`${table.fineBp} between 0 and 200 and ${table.interestBpMonth} between 0 and 100`,
    ),
    index("renewal_charge_terms_set_at_idx").on(table.setAt),
  ],
);

/** Every change of a subscription: who, when, from which state to which, and why. */
export const subscriptionEvents = pgTable(
  "subscription_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    actor: text("actor").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    fromState: text("from_state", { enum: subscriptionStates }),
    toState: text("to_state", { enum: subscriptionStates }),
    reason: text("reason").notNull(),
  },
  (table) => [index("subscription_events_subscription_idx").on(table.subscriptionId, table.at)],
);

/**
 * Every payment notification that reached us, with what became of it. One with a valid
 * signature is kept once per request id: the same notification twice changes nothing.
 */
export const paymentNotifications = pgTable(
  "payment_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    requestId: text("request_id"),
    resourceId: text("resource_id"),
    verified: boolean("verified").notNull(),
    outcome: text("outcome").notNull(),
    detail: text("detail"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("payment_notifications_request_idx")
      .on(table.provider, table.requestId)
      .where(sql`${table.verified}`),
    index("payment_notifications_received_idx").on(table.receivedAt),
  ],
);

// Issue 36: the ledger of money (docs/decisions/331). Every money event is recorded once,
// keyed by its source and the source's own id, and is applied to exactly one order or charge,
// or waits for staff with a reason ("Pagamentos a resolver").
export const moneyEvents = pgTable(
  "money_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    source: text("source", { enum: moneySources }).notNull(),
    // The source's own id: a statement credit's key, a provider's payment id and status...
    sourceId: text("source_id").notNull(),
    kind: text("kind", { enum: moneyKinds }).notNull(),
    // How the payer paid (pix, transfer, card): the payment row an applied event writes.
    method: text("method", { enum: paymentMethods }),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    // When the money was received (the bank's date, the provider's approval): expiry is
    // judged by it, not by when we learnt of it.
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    // Who told us: "extrato importado por ...", "notificação Mercado Pago ...".
    origin: text("origin").notNull(),
    // The order or charge reference the money names, if any.
    reference: text("reference"),
    description: text("description"),
    state: text("state", { enum: moneyStates }).notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    chargeId: uuid("charge_id").references(() => subscriptionCharges.id, {
      onDelete: "set null",
    }),
    waitingReason: text("waiting_reason"),
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolution: text("resolution"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("money_events_source_idx").on(table.source, table.sourceId),
    check("money_events_kind_check", isOneOf(table.kind, moneyKinds)),
    check("money_events_source_check", isOneOf(table.source, moneySources)),
    check("money_events_state_check", isOneOf(table.state, moneyStates)),
    check("money_events_amount_check", sql`${table.amountCents} >= 0`),
    // Applied to exactly one order or charge; anything else applied to nothing.
    check(
      "money_events_applied_check",
      sql`num_nonnulls(${table.orderId}, ${table.chargeId}) <= 1
        and (${table.state} = 'applied' or num_nonnulls(${table.orderId}, ${table.chargeId}) = 0)`,
    ),
    index("money_events_waiting_idx")
      .on(table.receivedAt)
      .where(sql`${table.state} = 'waiting'`),
    index("money_events_order_idx").on(table.orderId),
    index("money_events_charge_idx").on(table.chargeId),
  ],
);

/**
 * Every Mercado Pago checkout opened (docs/decisions/342, 347): when what it pays closes
 * before its term ends (a renewal charge voided, an order cancelled), the preference is
 * expired at the provider (cut_at), so a checkout left open cannot take the money.
 */
export const cardCheckouts = pgTable(
  "card_checkouts",
  {
    preferenceId: text("preference_id").primaryKey(),
    // Our reference: an order's or a renewal charge's (AFX...).
    reference: text("reference").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    cutAt: timestamp("cut_at", { withTimezone: true }),
  },
  (table) => [
    index("card_checkouts_live_idx")
      .on(table.expiresAt)
      .where(sql`${table.cutAt} is null`),
  ],
);

/**
 * A refund sent back through the API Pix (`PUT /pix/{e2eid}/devolucao/{id}`, docs/decisions/366):
 * queued by the refund move, sent by the worker; each outcome is also a line of the ledger.
 */
export const pixRefunds = pgTable(
  "pix_refunds",
  {
    // The devolucao's id at the PSP: ours, so a retry after a crash names the same refund.
    id: text("id").primaryKey(),
    endToEndId: text("end_to_end_id").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    reference: text("reference").notNull(),
    amountCents: integer("amount_cents").notNull(),
    state: text("state", { enum: pixRefundStates }).notNull().default("requested"),
    // The PSP's answer: "EM_PROCESSAMENTO" until it settles; its motivo when it failed.
    pspStatus: text("psp_status"),
    reason: text("reason"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    requestedBy: text("requested_by").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    check("pix_refunds_state_check", isOneOf(table.state, pixRefundStates)),
    check("pix_refunds_amount_check", sql`${table.amountCents} > 0`),
    index("pix_refunds_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'requested'`),
    index("pix_refunds_order_idx").on(table.orderId),
  ],
);

/**
 * The last thing a payment provider's API said about our credentials (docs/decisions/369): a
 * refused token is shown to staff with its reason until a token is granted again.
 */
export const providerStatus = pgTable("provider_status", {
  provider: text("provider").primaryKey(),
  problem: text("problem"),
  since: timestamp("since", { withTimezone: true }),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
});

/**
 * "Robôs a ligar" and "Robôs a desligar" (docs/decisions/333): every move that changes whether
 * a robot should run adds a line; staff mark it done when they switched the robot.
 */
export const robotSwitches = pgTable(
  "robot_switches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    action: text("action", { enum: ["on", "off"] }).notNull(),
    reason: text("reason").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: text("done_by"),
  },
  (table) => [
    check("robot_switches_action_check", sql`${table.action} in ('on', 'off')`),
    index("robot_switches_pending_idx")
      .on(table.action, table.requestedAt)
      .where(sql`${table.doneAt} is null`),
  ],
);

// Issue 21: what came back about our messages (docs/decisions/160): delivery status
// notifications, feedback reports, answers of the SMTP server at sending time. A report that
// is unclassified or names no message of ours waits for staff (reviewed_at) with its text.
export const reportSources = ["smtp-receiver", "http", "smtp-answer"] as const;
export const deliveryReports = pgTable(
  "delivery_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: reportKinds }).notNull(),
    source: text("source", { enum: reportSources }).notNull(),
    // Our message's id (its Message-ID and VERP sender); no foreign key, since settled
    // messages are purged while their reports are kept.
    messageId: uuid("message_id"),
    // The recipient of our message when the report names one of ours, else the report's.
    recipient: text("recipient"),
    status: text("status"),
    detail: text("detail"),
    subject: text("subject"),
    // The report as received, kept only while it waits for staff.
    raw: text("raw"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by"),
  },
  (table) => [
    check("delivery_reports_kind_check", isOneOf(table.kind, reportKinds)),
    check("delivery_reports_source_check", isOneOf(table.source, reportSources)),
    index("delivery_reports_recipient_idx").on(table.recipient, table.receivedAt),
    index("delivery_reports_review_idx")
      .on(table.receivedAt)
      .where(sql`${table.reviewedAt} is null`),
  ],
);

// Issue 21: addresses that get no non-transactional message (docs/decisions/161). A row is
// in force until lifted, or until expires_at for soft bounces; lifting keeps who and when.
export const suppressions = pgTable(
  "suppressions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    reason: text("reason", { enum: suppressionReasons }).notNull(),
    // The message that caused it, and the report that said so.
    messageId: uuid("message_id"),
    reportId: uuid("report_id").references(() => deliveryReports.id, { onDelete: "set null" }),
    detail: text("detail"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    liftedBy: text("lifted_by"),
  },
  (table) => [
    check("suppressions_reason_check", isOneOf(table.reason, suppressionReasons)),
    check("suppressions_email_lower_check", sql`${table.email} = lower(btrim(${table.email}))`),
    index("suppressions_email_idx")
      .on(table.email)
      .where(sql`${table.liftedAt} is null`),
    index("suppressions_created_at_idx").on(table.createdAt),
  ],
);

// Issue 21: campaigns (docs/decisions/163). A draft keeps everything typed; sending writes one
// campaign_messages row per recipient (each address once) and sends from there.
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: campaignKinds }).notNull().default("campaign"),
    postId: uuid("post_id").references(() => blogPosts.id, { onDelete: "set null" }),
    subject: text("subject").notNull().default(""),
    previewText: text("preview_text").notNull().default(""),
    body: text("body").notNull().default(""),
    audience: text("audience", { enum: campaignAudiences }).notNull().default("newsletter"),
    // The /admin/lista filter for the waitlist part (agente, status, confirmado, origem, de, ate).
    waitlistFilter: jsonb("waitlist_filter").$type<Record<string, string>>().notNull().default({}),
    status: text("status", { enum: campaignStatuses }).notNull().default("draft"),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
    // Its figures, kept when its settled messages are purged (docs/decisions/192).
    figures: jsonb("figures").$type<CampaignFigures>(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("campaigns_status_check", isOneOf(table.status, campaignStatuses)),
    check("campaigns_audience_check", isOneOf(table.audience, campaignAudiences)),
    check("campaigns_kind_check", isOneOf(table.kind, campaignKinds)),
    index("campaigns_due_idx")
      .on(table.scheduledAt)
      .where(sql`${table.status} = 'scheduled'`),
    // A post is announced once.
    uniqueIndex("campaigns_post_idx")
      .on(table.postId)
      .where(sql`${table.kind} = 'post'`),
  ],
);

// One message of a campaign to one address. Its id is the message's Message-ID and VERP
// sender, the same on every try (a retry after a crash is recognisably the same message).
export const campaignMessages = pgTable(
  "campaign_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    // Where the consent comes from: exactly one of them.
    waitlistId: uuid("waitlist_id").references(() => waitlist.id, { onDelete: "set null" }),
    subscriberId: uuid("subscriber_id").references(() => newsletterSubscribers.id, {
      onDelete: "set null",
    }),
    domain: text("domain").notNull(),
    status: text("status", { enum: campaignMessageStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    // The worker holding the lease, while it holds it (claim-owner.server.ts).
    claimedBy: text("claimed_by"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    check("campaign_messages_status_check", isOneOf(table.status, campaignMessageStatuses)),
    uniqueIndex("campaign_messages_campaign_email_idx").on(table.campaignId, table.email),
    index("campaign_messages_due_idx")
      .on(table.runAt)
      .where(sql`${table.status} = 'pending'`),
    index("campaign_messages_campaign_status_idx").on(table.campaignId, table.status),
  ],
);

// Sending rates shared by every worker process (GCRA): `tat` is when the bucket is empty
// again; a send at rate r moves it 1/r seconds ahead. Keys: "global", "domain:<domain>".
export const sendRates = pgTable("send_rates", {
  key: text("key").primaryKey(),
  tat: timestamp("tat", { withTimezone: true }).notNull(),
  // How many sends the last update granted: computed in the same SET as `tat`, so a
  // concurrent update, re-run on the newest row, grants from the newest state.
  granted: integer("granted").notNull().default(0),
});

// Issue 39: the robot on each customer's VPS (docs/decisions/380-381).

/** The token a subscription's robot signs its heartbeats with; only its SHA-256 is kept. */
export const robotTokens = pgTable(
  "robot_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    issuedBy: text("issued_by").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    // Issuing a new token revokes the previous one.
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("robot_tokens_subscription_idx").on(table.subscriptionId)],
);

/**
 * What a robot reported: one row per minute received, rolled up by the downsampling job into
 * one per hour and one per São Paulo day, each the bucket's last report and how many minutes
 * had a signal (the uptime).
 */
export const heartbeatSamples = pgTable(
  "heartbeat_samples",
  {
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    resolution: text("resolution", { enum: heartbeatResolutions }).notNull(),
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    // When the bucket's last report arrived, by our clock.
    at: timestamp("at", { withTimezone: true }).notNull(),
    minutes: integer("minutes").notNull(),
    accountNumber: text("account_number").notNull(),
    balanceCents: bigint("balance_cents", { mode: "number" }).notNull(),
    equityCents: bigint("equity_cents", { mode: "number" }).notNull(),
    openPositions: integer("open_positions").notNull(),
    lastTradeAt: timestamp("last_trade_at", { withTimezone: true }),
    lastTradeProfitCents: bigint("last_trade_profit_cents", { mode: "number" }),
    robotVersion: text("robot_version").notNull(),
    terminalConnected: boolean("terminal_connected").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.subscriptionId, table.resolution, table.bucket] }),
    // The downsampling job's watermarks and purges go by resolution and time.
    index("heartbeat_samples_resolution_bucket_idx").on(table.resolution, table.bucket),
    check("heartbeat_samples_resolution_check", isOneOf(table.resolution, heartbeatResolutions)),
    check(
      "heartbeat_samples_values_check",
      sql`${table.balanceCents} >= 0 and ${table.equityCents} >= 0 and ${table.openPositions} >= 0 and ${table.minutes} > 0`,
    ),
  ],
);

/** A flag of the fleet board from when it was raised to when it cleared (decision 384). */
export const fleetIncidents = pgTable(
  "fleet_incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    flag: text("flag", { enum: fleetFlags }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [
    check("fleet_incidents_flag_check", isOneOf(table.flag, fleetFlags)),
    // One open incident per robot and flag: staff are e-mailed once per incident.
    uniqueIndex("fleet_incidents_open_idx")
      .on(table.subscriptionId, table.flag)
      .where(sql`${table.closedAt} is null`),
    index("fleet_incidents_subscription_idx").on(table.subscriptionId, table.openedAt),
  ],
);

/**
 * A maintenance window staff declare ahead of it (decision 395): a robot without a signal
 * inside it is not down through the service's fault. One for the whole fleet; cancelled only
 * before it begins.
 */
export const maintenanceWindows = pgTable(
  "maintenance_windows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    reason: text("reason").notNull(),
    declaredBy: text("declared_by").notNull(),
    declaredAt: timestamp("declared_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (table) => [
    check("maintenance_windows_order_check", sql`${table.endsAt} > ${table.startsAt}`),
    check("maintenance_windows_declared_check", sql`${table.declaredAt} <= ${table.startsAt}`),
    index("maintenance_windows_starts_idx").on(table.startsAt),
  ],
);

/**
 * The downtime a cycle may have before its credit applies (decision 394), as staff set it:
 * the newest row is in force, the older ones say who set what when.
 */
export const serviceCreditThresholds = pgTable(
  "service_credit_thresholds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    minutes: integer("minutes").notNull(),
    setBy: text("set_by").notNull(),
    setAt: timestamp("set_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check(
      "service_credit_thresholds_minutes_check",
      sql`${table.minutes} >= 0 and ${table.minutes} <= ${sql.raw(String(MAX_CREDIT_THRESHOLD_MINUTES))}`,
    ),
    index("service_credit_thresholds_set_at_idx").on(table.setAt),
  ],
);

/**
 * A support conversation (decisions 385-387): opened by a customer from /minha-conta (the
 * person known), /contato or an e-mail (the address as given), answered by staff from
 * /admin/suporte. Its reply address carries `reply_token`; the first answer is due by
 * `first_response_due_at` (business hours).
 */
export const supportConversations = pgTable(
  "support_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // "S" + 6 digits, what the customer and staff quote.
    reference: text("reference").notNull().unique(),
    origin: text("origin", { enum: conversationOrigins }).notNull(),
    state: text("state", { enum: conversationStates }).notNull().default("open"),
    // The person, when the address is a customer's (erasing them deletes the conversation).
    waitlistId: uuid("waitlist_id").references(() => waitlist.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, {
      onDelete: "set null",
    }),
    // The robot's name as it was when the conversation began (the subscription's).
    robotName: text("robot_name"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    // 26 base32 characters; the reply address resposta+<token>@ the inbound domain.
    replyToken: text("reply_token").notNull().unique(),
    firstResponseDueAt: timestamp("first_response_due_at", { withTimezone: true }).notNull(),
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull(),
    // Whether the last message is the customer's: the inbox lists these first.
    awaitingStaff: boolean("awaiting_staff").notNull().default(true),
    // The due time staff were e-mailed about as missed (decision 425): each due time once.
    overdueNotifiedDueAt: timestamp("overdue_notified_due_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("support_conversations_origin_check", isOneOf(table.origin, conversationOrigins)),
    check("support_conversations_state_check", isOneOf(table.state, conversationStates)),
    index("support_conversations_inbox_idx").on(table.state, table.lastMessageAt),
    index("support_conversations_email_idx").on(table.email),
    index("support_conversations_waitlist_idx").on(table.waitlistId),
  ],
);

/** One message of a conversation, the customer's (typed or e-mailed) or staff's. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => supportConversations.id, { onDelete: "cascade" }),
    author: text("author", { enum: messageAuthors }).notNull(),
    // Staff's e-mail for a staff message.
    staffEmail: text("staff_email"),
    body: text("body").notNull(),
    // An e-mailed message: its Message-ID (a retried delivery is stored once) and the
    // address it came from.
    emailMessageId: text("email_message_id"),
    fromAddress: text("from_address"),
    createdAt: createdAt(),
  },
  (table) => [
    check("support_messages_author_check", isOneOf(table.author, messageAuthors)),
    uniqueIndex("support_messages_email_idx").on(table.conversationId, table.emailMessageId),
    index("support_messages_conversation_idx").on(table.conversationId, table.createdAt),
  ],
);

/**
 * A file e-mailed with a customer's message (decision 426): kept (its checked type and its
 * bytes, at most 2 MB) or refused (its reason, no bytes), so staff see both.
 */
export const supportAttachments = pgTable(
  "support_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => supportMessages.id, { onDelete: "cascade" }),
    // The name as sent, without any path, bounded.
    fileName: text("file_name").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    // Kept: the type its content was checked to be, and the bytes.
    contentType: text("content_type", { enum: attachmentContentTypes }),
    bytes: bytea("bytes"),
    // Refused: why.
    refusal: text("refusal", { enum: attachmentRefusals }),
  },
  (table) => [
    check(
      "support_attachments_kept_or_refused_check",
      sql`(${table.refusal} is null) = (${table.bytes} is not null and ${table.contentType} is not null)`,
    ),
    check("support_attachments_type_check", isOneOf(table.contentType, attachmentContentTypes)),
    check("support_attachments_refusal_check", isOneOf(table.refusal, attachmentRefusals)),
    index("support_attachments_message_idx").on(table.messageId),
  ],
);
