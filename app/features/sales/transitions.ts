// The allowed moves of the sale's five machines, in one place (docs/decisions/330): what each
// move does to an invitation, an order, a renewal charge, a subscription, a setup and a money
// event (the "payment" of the ledger). A move absent from a machine's table, or from the
// state it is tried in, is refused with one Portuguese message, before anything is written;
// the move modules then write with the `from` states in their WHERE, so a row that moved
// meanwhile is left alone.
import {
  moveRefused,
  moneyStateLabels,
  saleMachineLabels,
  saleMoveLabels,
} from "../../content/sales.ts";
import { invitationsAdminCopy } from "../../content/invitations.ts";
import { orderStateLabels, setupStateLabels } from "../../content/orders.ts";
import { chargeStateLabels, subscriptionStateLabels } from "../../content/subscriptions.ts";
import { invitationStatuses, type InvitationStatus } from "../invitations/model.ts";
import { orderStates, setupStates, type OrderState, type SetupState } from "../orders/model.ts";
import {
  chargeStates,
  subscriptionStates,
  type ChargeState,
  type SubscriptionState,
} from "../subscriptions/model.ts";
import { moneyStates, saleMoves, type MoneyState, type SaleMove } from "./model.ts";

type SetupStep = "submit-form" | "prepare-vps" | "start";

/** move -> (state it is tried in -> state it leaves). */
type Table<S extends string, M extends string> = Partial<Record<M, Partial<Record<S, S>>>>;

export const invitationMoves = {
  accept: { sent: "accepted" },
  // Its order paid late with money received in time, while the spot was still free.
  pay: { expired: "accepted" },
  expire: { sent: "expired", accepted: "expired" },
  cancel: { sent: "revoked", accepted: "revoked" },
  refund: { accepted: "revoked" },
  end: { accepted: "revoked" },
  erase: { accepted: "revoked" },
} as const satisfies Table<InvitationStatus, SaleMove>;

export const orderMoves = {
  pay: { "awaiting-payment": "paid", expired: "paid" },
  expire: { "awaiting-payment": "expired" },
  cancel: { "awaiting-payment": "cancelled" },
  refund: { paid: "refunded" },
} as const satisfies Table<OrderState, SaleMove>;

export const chargeMoves = {
  pay: { open: "paid" },
  cancel: { open: "void" },
  refund: { open: "void" },
  end: { open: "void" },
  erase: { open: "void" },
} as const satisfies Table<ChargeState, SaleMove>;

export const subscriptionMoves = {
  pay: { active: "active", "past-due": "active" },
  reactivate: { suspended: "active" },
  renew: { active: "active" },
  // The grace period: unpaid at the due date, then unpaid at its end.
  suspend: { active: "past-due", "past-due": "suspended" },
  // With nothing paid left (past due, suspended) a cancellation ends at once.
  cancel: { active: "cancelled", "past-due": "ended", suspended: "ended" },
  // An ended subscription may still be refunded: the guarantee of one ended by an erasure
  // (docs/decisions/348), or what staff agreed after a cancellation.
  refund: {
    active: "refunded",
    "past-due": "refunded",
    suspended: "refunded",
    cancelled: "refunded",
    ended: "refunded",
  },
  end: { cancelled: "ended" },
  // The person erased their data ("Meus dados") and chose to end the subscription: at once,
  // since without the broker account the robot cannot run.
  erase: { active: "ended", "past-due": "ended", suspended: "ended", cancelled: "ended" },
} as const satisfies Table<SubscriptionState, SaleMove>;

export const setupMoves = {
  "submit-form": { "awaiting-form": "awaiting-vps" },
  "prepare-vps": { "awaiting-vps": "vps-ready" },
  start: { "vps-ready": "running" },
} as const satisfies Table<SetupState, SetupStep>;

/** A money event of the ledger: staff apply a waiting one to an order or charge, or refund it. */
export const paymentMoves = {
  pay: { waiting: "applied" },
  refund: { waiting: "refunded" },
} as const satisfies Table<MoneyState, SaleMove>;

const machines = {
  invitation: {
    states: invitationStatuses,
    moves: invitationMoves as Table<InvitationStatus, SaleMove>,
    labels: invitationsAdminCopy.statusLabels as Record<InvitationStatus, string>,
  },
  order: {
    states: orderStates,
    moves: orderMoves as Table<OrderState, SaleMove>,
    labels: orderStateLabels,
  },
  charge: {
    states: chargeStates,
    moves: chargeMoves as Table<ChargeState, SaleMove>,
    labels: chargeStateLabels,
  },
  subscription: {
    states: subscriptionStates,
    moves: subscriptionMoves as Table<SubscriptionState, SaleMove>,
    labels: subscriptionStateLabels,
  },
  setup: {
    states: setupStates,
    moves: setupMoves as Table<SetupState, SetupStep>,
    labels: setupStateLabels,
  },
  payment: {
    states: moneyStates,
    moves: paymentMoves as Table<MoneyState, SaleMove>,
    labels: moneyStateLabels,
  },
} as const;

export type Machine = keyof typeof machines;
type StateOf<M extends Machine> = (typeof machines)[M]["states"][number];
type MoveOf<M extends Machine> = M extends "setup" ? SetupStep : SaleMove;

export type Transition<S extends string> =
  { ok: true; from: S; to: S } | { ok: false; from: S; message: string };

/** The state `move` leaves a row of `machine` in from `from`, or the refusal staff read. */
export function transition<M extends Machine>(
  machine: M,
  move: MoveOf<M>,
  from: StateOf<M>,
): Transition<StateOf<M>> {
  const table = machines[machine].moves as Table<string, string>;
  const to = table[move]?.[from];
  if (to !== undefined) return { ok: true, from, to: to as StateOf<M> };
  const labels = machines[machine].labels as Record<string, string>;
  return {
    ok: false,
    from,
    message: moveRefused(saleMoveLabels[move], saleMachineLabels[machine], labels[from] ?? from),
  };
}

/** The states a move may start from: the WHERE of its guarded update. */
export function movableFrom<M extends Machine>(machine: M, move: MoveOf<M>): StateOf<M>[] {
  const table = machines[machine].moves as Table<string, string>;
  return Object.keys(table[move] ?? {}) as StateOf<M>[];
}

/** Every machine with its states and moves, for the table test and docs/architecture.md. */
export function allMoves(): { machine: Machine; move: string; from: string; to: string | null }[] {
  const moveNames = (machine: Machine): readonly string[] =>
    machine === "setup" ? Object.keys(setupMoves) : saleMoves;
  return (Object.keys(machines) as Machine[]).flatMap((machine) => {
    const { states, moves } = machines[machine] as {
      states: readonly string[];
      moves: Table<string, string>;
    };
    return moveNames(machine).flatMap((move) =>
      states.map((from) => ({ machine, move, from, to: moves[move]?.[from] ?? null })),
    );
  });
}
