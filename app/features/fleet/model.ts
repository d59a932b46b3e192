// The values of the fleet domain (issue 39): the heartbeats each customer's robot sends from
// its VPS, kept at three resolutions (docs/decisions/380-381).

/** A heartbeat sample's resolution: minutes for 48 h, hours for 90 days, days for ever. */
export const heartbeatResolutions = ["minute", "hour", "day"] as const;
export type HeartbeatResolution = (typeof heartbeatResolutions)[number];

export const MINUTES_KEPT_HOURS = 48;
export const HOURS_KEPT_DAYS = 90;

/** The robot calls once a minute; a few retries a minute are fine, a flood is not. */
export const HEARTBEATS_PER_MINUTE = 6;

/** Heartbeat bodies are a few hundred bytes; anything past this is refused unread. */
export const HEARTBEAT_MAX_BYTES = 4096;

/** A robot's clock may run this far ahead of ours before its times count as "future". */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** The path the robot posts to (also in robot/heartbeat.mqh and the request guards). */
export const HEARTBEAT_PATH = "/api/robo/sinal";

/** A robot that stops is flagged, and STAFF_EMAIL e-mailed, within this of its last heartbeat. */
export const FLAG_WITHIN_MS = 6 * 60_000;
/**
 * How often the worker reviews the fleet's flags (decision 450): past the 5 minutes without
 * signal, at most this long until the review that flags it, the rest of FLAG_WITHIN_MS left
 * to the review's own time and the e-mail's delivery.
 */
export const INCIDENT_REVIEW_MS = 30_000;

/** Why a robot is flagged on the fleet board and an incident opened (decision 383). */
export const fleetFlags = ["no-signal", "disconnected", "balance-drop"] as const;
export type FleetFlag = (typeof fleetFlags)[number];

/**
 * The service credit (decision 394): a cycle's downtime past the threshold staff set comes off
 * a later renewal, pro rata. Until staff set one, 4 hours a cycle.
 */
export const DEFAULT_CREDIT_THRESHOLD_MINUTES = 4 * 60;
/** A threshold is at most a 31-day cycle. */
export const MAX_CREDIT_THRESHOLD_MINUTES = 31 * 24 * 60;
/** A maintenance window is declared with its reason, at most this long, and lasts at most a day. */
export const MAINTENANCE_REASON_MAX = 200;
export const MAINTENANCE_MAX_HOURS = 24;
