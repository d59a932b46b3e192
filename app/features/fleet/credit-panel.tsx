import { Form } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Input, Label } from "../../components/ui/form-fields.tsx";
import { TableScroll } from "../../components/ui/table-scroll.tsx";
import { downtimeText, maintenanceAdminCopy as copy } from "../../content/service-credit.ts";
import { formatDateTime } from "../admin/date-time.ts";
import type { CreditSettings } from "./credit-admin.server.ts";

// /admin/frota: the threshold per cycle and the maintenance windows (decisions 394-395).

/** 270 minutes as the threshold field shows it: "4:30". */
const hoursField = (minutes: number) =>
  minutes % 60 === 0
    ? String(minutes / 60)
    : `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;

export function CreditPanel({
  settings,
  typed,
}: {
  settings: CreditSettings;
  /** What staff typed in a refused form. */
  typed?: Record<string, string>;
}) {
  const windowTyped = typed?.intent === "janela" ? typed : undefined;
  return (
    <section aria-labelledby="manutencao" className="grid gap-4">
      <h2 id="manutencao" className="text-xl font-semibold">
        {copy.title}
      </h2>
      <p className="text-sm text-muted-foreground">{copy.intro}</p>
      <Form method="post" className="grid max-w-md gap-2">
        <fieldset className="grid gap-2">
          <legend className="font-semibold">{copy.threshold.legend}</legend>
          <p className="text-sm">
            {copy.threshold.current(downtimeText(settings.thresholdMinutes), settings.setBy)}
          </p>
          <Label htmlFor="limite-horas">{copy.threshold.label}</Label>
          <Input
            id="limite-horas"
            name="hours"
            inputMode="numeric"
            required
            aria-describedby="limite-dica"
            defaultValue={
              typed?.intent === "limite"
                ? (typed.hours ?? "")
                : hoursField(settings.thresholdMinutes)
            }
          />
          <p id="limite-dica" className="text-sm text-muted-foreground">
            {copy.threshold.hint}
          </p>
        </fieldset>
        <Button type="submit" name="intent" value="limite">
          {copy.threshold.submit}
        </Button>
      </Form>
      <Form method="post" className="grid max-w-md gap-2">
        <fieldset className="grid gap-2">
          <legend className="font-semibold">{copy.window.legend}</legend>
          <Label htmlFor="janela-inicio">{copy.window.starts}</Label>
          <Input
            id="janela-inicio"
            name="startsAt"
            type="datetime-local"
            required
            defaultValue={windowTyped?.startsAt ?? ""}
          />
          <Label htmlFor="janela-fim">{copy.window.ends}</Label>
          <Input
            id="janela-fim"
            name="endsAt"
            type="datetime-local"
            required
            defaultValue={windowTyped?.endsAt ?? ""}
          />
          <Label htmlFor="janela-motivo">{copy.window.reason}</Label>
          <Input
            id="janela-motivo"
            name="reason"
            required
            maxLength={200}
            defaultValue={windowTyped?.reason ?? ""}
          />
        </fieldset>
        <Button type="submit" name="intent" value="janela">
          {copy.window.submit}
        </Button>
      </Form>
      <h3 className="font-semibold">{copy.list.title}</h3>
      {settings.windows.length === 0 ? (
        <p className="text-muted-foreground">{copy.list.empty}</p>
      ) : (
        <TableScroll label={copy.list.title}>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                {[
                  copy.list.columns.period,
                  copy.list.columns.reason,
                  copy.list.columns.declared,
                ].map((h) => (
                  <th key={h} scope="col" className="p-2">
                    {h}
                  </th>
                ))}
                <th scope="col" className="p-2">
                  <span className="sr-only">{copy.list.cancel}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {settings.windows.map((window) => (
                <tr key={window.id} className="border-t border-border">
                  <td className="p-2">
                    {copy.list.period(
                      formatDateTime(window.startsAt),
                      formatDateTime(window.endsAt),
                    )}
                  </td>
                  <td className="p-2 break-words">{window.reason}</td>
                  <td className="p-2">
                    {window.declaredBy} ({formatDateTime(window.declaredAt)})
                  </td>
                  <td className="p-2">
                    {window.cancellable ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={window.id} />
                        <Button type="submit" name="intent" value="cancelar" size="sm">
                          {copy.list.cancel}
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
