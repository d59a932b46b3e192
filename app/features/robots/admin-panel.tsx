import { useState } from "react";
import { href, Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from "../../components/ui/dialog.tsx";
import { adminCopy, robotsAdminCopy as copy } from "../../content/admin.ts";
import { performanceAdminCopy } from "../../content/performance.ts";
import { formatAmount, parseStoredPrice } from "../../lib/format.ts";
import { CardList } from "../admin/card-list.tsx";
import { TextAreaField, TextField } from "../admin/field.tsx";
import { useDialogForm } from "../admin/use-dialog-form.ts";
import { priceTexts } from "../orders/format.ts";
import { robotPrice } from "../orders/money.ts";
import type { Robot } from "./queries.server.ts";
import { readPriceInput } from "./price-input.ts";
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

/** The price as the public pages will show it, from what is typed now. */
function pricePreview(typed: string): string {
  const input = readPriceInput(typed);
  if (!input.ok) return copy.pricePreviewInvalid;
  if (input.price === null) return copy.pricePreviewOnRequest;
  // The same text the database will store (queries.server.ts), read by the one price rule.
  const price = robotPrice(input.price.toFixed(2));
  if (price === null) return copy.pricePreviewInvalid;
  const texts = priceTexts(price);
  return copy.pricePreview(texts.monthly, texts.partner);
}

/** The stored price as the admin types it: "1259.90" -> "1259,90". */
function typedPrice(price: string | null): string {
  const amount = parseStoredPrice(price);
  return amount === null ? "" : formatAmount(amount);
}

function RobotEditDialog({ robot }: { robot: Robot }) {
  const [price, setPrice] = useState(() => typedPrice(robot.price));
  const { open, onOpenChange, errors, fetcher, busy, onSubmit } = useDialogForm(
    robotUpdateSchema,
    toastMessages,
  );
  const id = (field: string) => `robo-${robot.id}-${field}`;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setPrice(typedPrice(robot.price));
        onOpenChange(next);
      }}
    >
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
          action={href("/admin/robos")}
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
            inputMode="decimal"
            autoComplete="off"
            label={copy.fields.price}
            value={price}
            onChange={(event) => setPrice(event.currentTarget.value)}
            hint={pricePreview(price)}
            error={errors.price}
          />
          <TextField
            id={id("vagas")}
            name="capacity"
            inputMode="numeric"
            autoComplete="off"
            label={copy.fields.capacity}
            defaultValue={robot.capacity ?? ""}
            hint={copy.capacityHint}
            error={errors.capacity}
          />
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {copy.save}
            </Button>
          </DialogFooter>
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
        <p className="mt-1 text-sm">
          {robot.capacity === null ? copy.capacityUnlimited : copy.capacityText(robot.capacity)}
        </p>
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
        <Link
          to={href("/admin/robos/:id/desempenho", { id: robot.id })}
          aria-label={performanceAdminCopy.linkLabel(robot.name)}
          className="mt-1 block text-sm text-primary underline"
        >
          {performanceAdminCopy.link}
        </Link>
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
