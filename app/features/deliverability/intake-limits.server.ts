// The bounce receiver's per-address limits (docs/decisions/404): open connections from one
// remote address, and reports taken from it in a rolling hour. Counted in the receiver's
// process, which is the only one listening on the port.
import { reportIntakeLimits } from "../../platform/mail/deliverability-model.ts";

const HOUR_MS = 3_600_000;

export interface IntakeLimits {
  connectionsPerAddress: number;
  reportsPerAddressPerHour: number;
}

export class IntakeCounter {
  private readonly open = new Map<string, number>();
  private readonly taken = new Map<string, number[]>();

  private readonly limits: IntakeLimits;

  constructor(limits: IntakeLimits = reportIntakeLimits) {
    this.limits = limits;
  }

  /** A connection from `address` opens; false when that address already has its share. */
  connect(address: string): boolean {
    const open = this.open.get(address) ?? 0;
    if (open >= this.limits.connectionsPerAddress) return false;
    this.open.set(address, open + 1);
    return true;
  }

  disconnect(address: string): void {
    const open = (this.open.get(address) ?? 0) - 1;
    if (open > 0) this.open.set(address, open);
    else this.open.delete(address);
  }

  /** A report from `address` is to be stored; false past the hourly limit (not counted). */
  take(address: string, now = Date.now()): boolean {
    const recent = (this.taken.get(address) ?? []).filter((at) => at > now - HOUR_MS);
    if (recent.length >= this.limits.reportsPerAddressPerHour) {
      this.taken.set(address, recent);
      return false;
    }
    recent.push(now);
    this.taken.set(address, recent);
    // Addresses quiet for an hour are forgotten, so the map stays as small as the traffic.
    if (this.taken.size > 1000) {
      for (const [key, times] of this.taken) {
        if ((times.at(-1) ?? 0) <= now - HOUR_MS) this.taken.delete(key);
      }
    }
    return true;
  }
}
