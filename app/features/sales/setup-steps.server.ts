// Staff's setup steps as moves of the sale (docs/decisions/344): "VPS configurada" lists the
// robot in "Robôs a ligar" (its activation), "agente em operação" marks that line done.
import { robotSwitchCopy } from "../../content/sales.ts";
import { withTransaction } from "../../platform/db/db.server.ts";
import { advanceSetupIn, type SetupStep } from "../orders/setup.server.ts";
import { activationSwitched, activationToSwitch } from "./robot-switches.server.ts";

export async function advanceSetup(
  orderId: string,
  step: SetupStep,
  staff: string,
  now: Date,
): Promise<"saved" | "wrong-state"> {
  return withTransaction(async (tx) => {
    const outcome = await advanceSetupIn(tx, orderId, step, staff, now);
    if (outcome !== "saved") return outcome;
    if (step === "vps-ready") {
      await activationToSwitch(tx, orderId, robotSwitchCopy.activated, now);
    } else {
      await activationSwitched(tx, orderId, staff, now);
    }
    return outcome;
  });
}
