import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.tsx";
import { adminCopy, robotsAdminCopy as copy } from "../../content/admin.ts";
import { formatAmount, parseStoredPrice } from "../../lib/format.ts";
import { CardList } from "../admin/card-list.tsx";
import { TextAreaField, TextField } from "../admin/field.tsx";
import { useDialogForm } from "../admin/use-dialog-form.ts";
import type { Robot } from "./queries.server.ts";
import { robotUpdateSchema } from "./schema.ts";

const toastMessages = {
  successTitle: copy.successTitle,
  successText: copy.successText,
  errorTitle: copy.errorTitle,
};

function priceText(price: string | null): string {
  const amount = parseStoredPrice(price);
  return amount === null ? copy.priceOnRequest : `${copy.pricePrefix}${formatAmount(amount)}`;
}

function RobotEditDialog({ robot }: { robot: Robot }) {
  const { open, onOpenChange, errors, fetcher, busy, onSubmit } = useDialogForm(
    robotUpdateSchema,
    toastMessages,
  );
  const id = (field: string) => `robo-${robot.id}-${field}`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={copy.editLabel(robot.name)}>
          {copy.edit}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={copy.dialogTitle}
        description={copy.dialogDescription}
        closeLabel={adminCopy.close}
      >
        <fetcher.Form
          method="post"
          action="/admin/robos"
          noValidate
          onSubmit={onSubmit}
          className="mt-4 grid gap-4"
        >
          <input type="hidden" name="id" value={robot.id} />
          <TextField
            id={id("nome")}
            name="name"
            label={copy.fields.name}
            defaultValue={robot.name}
            required
            error={errors.name}
          />
          <TextField
            id={id("slug")}
            name="slug"
            label={copy.fields.slug}
            defaultValue={robot.slug}
            required
            autoCapitalize="none"
            spellCheck={false}
            error={errors.slug}
          />
          <TextAreaField
            id={id("descricao")}
            name="description"
            label={copy.fields.description}
            defaultValue={robot.description}
            rows={4}
            required
            error={errors.description}
          />
          <TextField
            id={id("logo")}
            name="logoUrl"
            type="url"
            label={copy.fields.logoUrl}
            placeholder={copy.urlPlaceholder}
            defaultValue={robot.logoUrl ?? ""}
            error={errors.logoUrl}
          />
          <TextField
            id={id("myfxbook")}
            name="myfxbookLink"
            type="url"
            label={copy.fields.myfxbookLink}
            placeholder={copy.urlPlaceholder}
            defaultValue={robot.myfxbookLink ?? ""}
            error={errors.myfxbookLink}
          />
          <TextField
            id={id("preco")}
            name="price"
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            label={copy.fields.price}
            defaultValue={robot.price ?? ""}
            error={errors.price}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              {copy.save}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function RobotCard({ robot }: { robot: Robot }) {
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="text-lg font-semibold">{robot.name}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{robot.description}</p>
        <p className="mt-2 font-semibold">{priceText(robot.price)}</p>
        {robot.myfxbookLink ? (
          <a
            href={robot.myfxbookLink}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-1 inline-block text-sm text-primary underline"
          >
            {copy.viewLink}
            <span className="sr-only"> {copy.opensInNewTab}</span>
          </a>
        ) : null}
      </div>
      <RobotEditDialog robot={robot} />
    </article>
  );
}

export function RobotsPanel({ robots }: { robots: Robot[] }) {
  return (
    <section aria-labelledby="robos-titulo">
      <h2 id="robos-titulo" className="text-2xl font-bold">
        {copy.title(robots.length)}
      </h2>
      <CardList items={robots} empty={copy.empty}>
        {(robot) => <RobotCard robot={robot} />}
      </CardList>
    </section>
  );
}
