import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { waitlistStatuses } from "../app/features/waitlist/statuses.ts";

export const postCategories = ["Educação", "Estratégia", "Tecnologia", "Mercado"] as const;
export type PostCategory = (typeof postCategories)[number];

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
    createdAt: createdAt(),
    // Issue 11: when the person confirmed the address (double opt-in); null until then.
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (table) => [
    check("waitlist_status_check", sql`${table.status} in ('pending', 'contacted', 'converted')`),
    check("waitlist_email_lower_check", sql`${table.email} = lower(btrim(${table.email}))`),
    // Issue 10: the admin list's keyset pages, newest first, with or without a status filter.
    index("waitlist_created_at_id_idx").on(table.createdAt, table.id),
    index("waitlist_status_created_at_id_idx").on(table.status, table.createdAt, table.id),
    index("waitlist_interested_agents_idx").using("gin", table.interestedAgents),
  ],
);

export const robots = pgTable("robots", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description").notNull(),
  logoUrl: text("logo_url"),
  myfxbookLink: text("myfxbook_link"),
  // USD per month; null means "Sob consulta".
  price: numeric("price", { precision: 10, scale: 2 }),
  createdAt: createdAt(),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    content: text("content").notNull(),
    // The content rendered and sanitized when the post is saved (issue 14, decision 058).
    contentHtml: text("content_html"),
    excerpt: text("excerpt"),
    featuredImageUrl: text("featured_image_url"),
    category: text("category", { enum: postCategories }).notNull().default("Educação"),
    author: text("author").notNull().default("Equipe Agentes FX"),
    isPublished: boolean("is_published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      "blog_posts_category_check",
      sql`${table.category} in ('Educação', 'Estratégia', 'Tecnologia', 'Mercado')`,
    ),
  ],
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
export const emailStatuses = ["queued", "sent", "failed"] as const;
export type EmailStatus = (typeof emailStatuses)[number];

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    template: text("template").notNull(),
    recipient: text("recipient").notNull(),
    // What the template needs; a link's token is removed once the message is settled.
    payload: jsonb("payload").$type<Record<string, string>>().notNull(),
    status: text("status", { enum: emailStatuses }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("email_outbox_status_check", sql`${table.status} in ('queued', 'sent', 'failed')`),
    index("email_outbox_due_idx")
      .on(table.runAt)
      .where(sql`${table.status} = 'queued'`),
    index("email_outbox_recipient_idx").on(table.recipient, table.template, table.createdAt),
  ],
);

// Single-use links: only the SHA-256 of the token is kept.
export const emailTokens = pgTable("email_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  purpose: text("purpose", { enum: ["confirm-signup", "my-data"] }).notNull(),
  waitlistId: uuid("waitlist_id")
    .notNull()
    .references(() => waitlist.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
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
  createdAt: createdAt(),
});

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
  (table) => [index("waitlist_status_changes_entry_idx").on(table.entryId, table.changedAt)],
);
