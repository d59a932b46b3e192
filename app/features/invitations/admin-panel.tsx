import { Form, href, useFetcher } from "react-router";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent, DialogTrigger } from "../../components/ui/dialog.tsx";
import { Checkbox, Input, Label } from "../../components/ui/form-fields.tsx";
import { adminCopy } from "../../content/admin.ts";
import { invitationsAdminCopy as copy } from "../../content/invitations.ts";
import type { ActionResult } from "../admin/action-result.ts";
import { CardList } from "../admin/card-list.tsx";
import { formatDateTime } from "../admin/date-time.ts";
import { type ActionToastMessages, useActionToast } from "../admin/use-action-toast.ts";
import { invitationIntents } from "./intents.ts";

// /admin/convites: per robot its spots, its queue, "Convidar próximos" after a
// preview of who, the open invitations with "Revogar", and the auto-invite setting.

export interface RobotInvitationsView {
  id: string;
  name: string;
  capacity: number | null;
  autoInvite: boolean;
  taken: number;
  held: number;
  free: number | null;
  queueLength: number;
  preview: Array<{ id: string; name: string; email: string; createdAt: Date }> | null;
  open: Array<{ id: string; name: string; email: string; sentAt: Date; deadline: Date }>;
}

/** A form posted through a fetcher, with the section's toast for its result. */
function ActionForm({
  label,
  messages,
  children,
  className,
}: {
  /** Names the group of controls (the fieldset that disables them while the post runs). */
  label: string;
  messages: ActionToastMessages;
  children: React.ReactNode;
  className?: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.state, fetcher.data, messages);
  return (
    <fetcher.Form method="post" action={href("/admin/convites")} className={className}>
      <fieldset aria-label={label} disabled={fetcher.state !== "idle"} className="contents">
        {children}
      </fieldset>
    </fetcher.Form>
  );
}

const errorTitle = copy.errorTitle;
const toasts = {
  invited: { successTitle: copy.invitedTitle, successText: copy.invitedText, errorTitle },
  revoked: { successTitle: copy.revokedTitle, successText: copy.revokedText, errorTitle },
  saved: { successTitle: copy.savedTitle, successText: copy.savedText, errorTitle },
};

function SpotFigures({ robot }: { robot: RobotInvitationsView }) {
  const figures: Array<[string, string]> = [
    [copy.capacity, robot.capacity === null ? copy.unlimited : String(robot.capacity)],
    [copy.taken, String(robot.taken)],
    [copy.held, String(robot.held)],
    [copy.free, robot.free === null ? copy.unlimited : String(robot.free)],
  ];
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border p-3">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

type InviteFetcher = ReturnType<typeof useFetcher<ActionResult>>;

/**
 * The preview and "Convidar próximos". The fetcher lives in the robot's card: once sent,
 * the preview empties (or the section disappears with the free spots) before the toast.
 */
function InviteNext({ robot, fetcher }: { robot: RobotInvitationsView; fetcher: InviteFetcher }) {
  const max = Math.min(robot.free ?? 50, 50, robot.queueLength);
  const inputId = `convidar-${robot.id}`;
  if (max <= 0) {
    return (
      <p className="mt-2 text-sm text-muted-foreground">
        {robot.queueLength === 0 ? copy.queueEmpty : copy.noFreeSpots}
      </p>
    );
  }
  return (
    <div className="mt-3 grid gap-3">
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="robo" value={robot.id} />
        <div className="grid gap-1.5">
          <Label htmlFor={inputId}>{copy.inviteCount}</Label>
          <Input
            id={inputId}
            name="n"
            type="number"
            min={1}
            max={max}
            defaultValue={robot.preview?.length || 1}
            className="w-28!"
          />
        </div>
        <Button type="submit" variant="outline">
          {copy.preview}
        </Button>
      </Form>
      {robot.preview && robot.preview.length > 0 ? (
        <fetcher.Form method="post" action={href("/admin/convites")} className="grid gap-2">
          <input type="hidden" name="intent" value={invitationIntents.inviteNext} />
          <input type="hidden" name="robotId" value={robot.id} />
          <p className="text-sm font-medium">{copy.previewTitle(robot.preview.length)}</p>
          <ol className="list-decimal pl-6 text-sm">
            {robot.preview.map((person) => (
              <li key={person.id}>
                <input type="hidden" name="personId" value={person.id} />
                {person.name} ({person.email}) · {formatDateTime(new Date(person.createdAt))}
              </li>
            ))}
          </ol>
          <div>
            <Button
              type="submit"
              aria-label={copy.inviteNextLabel(robot.name)}
              disabled={fetcher.state !== "idle"}
            >
              {copy.inviteNext}
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
    </div>
  );
}

/** The fetcher of a robot's "Revogar" dialogs, shared with the list that shows its toast. */
const revokeFetcherKey = (robotId: string) => `revogar-${robotId}`;

/** "Revogar" opens a dialog that says what happens; only its button sends the revocation. */
function RevokeDialog({
  invitation,
  robotId,
}: {
  invitation: RobotInvitationsView["open"][number];
  robotId: string;
}) {
  // The toast is the list's: once revoked, the invitation (and this dialog) leave the page
  // before the answer's revalidation ends.
  const fetcher = useFetcher<ActionResult>({ key: revokeFetcherKey(robotId) });
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={copy.revokeLabel(invitation.email)}>
          {copy.revoke}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={copy.revokeConfirmTitle}
        description={copy.revokeConfirmText(invitation.name, invitation.email)}
        closeLabel={adminCopy.close}
      >
        <fetcher.Form
          method="post"
          action={href("/admin/convites")}
          className="mt-6 flex justify-end gap-2"
        >
          <fieldset
            aria-label={copy.revokeLabel(invitation.email)}
            disabled={fetcher.state !== "idle"}
            className="contents"
          >
            <input type="hidden" name="intent" value={invitationIntents.revoke} />
            <input type="hidden" name="invitationId" value={invitation.id} />
            <input type="hidden" name="confirmar" value="sim" />
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {copy.cancel}
              </Button>
            </DialogClose>
            <Button type="submit">{copy.revokeConfirm}</Button>
          </fieldset>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function OpenInvitations({ robot }: { robot: RobotInvitationsView }) {
  const revoking = useFetcher<ActionResult>({ key: revokeFetcherKey(robot.id) });
  useActionToast(revoking.state, revoking.data, toasts.revoked);
  if (robot.open.length === 0) {
    return <p className="mt-2 text-sm text-muted-foreground">{copy.noOpen}</p>;
  }
  return (
    <ul className="mt-2 grid gap-2">
      {robot.open.map((invitation) => (
        <li
          key={invitation.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm"
        >
          <span className="min-w-0 break-all">
            {invitation.name} ({invitation.email}) · {copy.invitedAt}{" "}
            {formatDateTime(new Date(invitation.sentAt))} · {copy.deadline}{" "}
            {formatDateTime(new Date(invitation.deadline))}
          </span>
          <RevokeDialog invitation={invitation} robotId={robot.id} />
        </li>
      ))}
    </ul>
  );
}

function AutoInvite({ robot }: { robot: RobotInvitationsView }) {
  const checkboxId = `automatico-${robot.id}`;
  return (
    <ActionForm
      label={`${copy.autoInvite}: ${robot.name}`}
      messages={toasts.saved}
      className="mt-3 flex flex-wrap items-center gap-3"
    >
      <input type="hidden" name="intent" value={invitationIntents.autoInvite} />
      <input type="hidden" name="robotId" value={robot.id} />
      <div className="flex items-start gap-2">
        <Checkbox
          id={checkboxId}
          name="autoInvite"
          defaultChecked={robot.autoInvite}
          aria-describedby={`${checkboxId}-dica`}
        />
        <div>
          <Label htmlFor={checkboxId}>{copy.autoInvite}</Label>
          <p id={`${checkboxId}-dica`} className="text-xs text-muted-foreground">
            {copy.autoInviteHint}
          </p>
        </div>
      </div>
      <Button type="submit" variant="outline" size="sm">
        {copy.saveAutoInvite}
      </Button>
    </ActionForm>
  );
}

function RobotCard({ robot }: { robot: RobotInvitationsView }) {
  const headingId = `convites-${robot.id}`;
  const inviteFetcher = useFetcher<ActionResult>();
  useActionToast(inviteFetcher.state, inviteFetcher.data, toasts.invited);
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-border bg-card p-5">
      <h3 id={headingId} className="text-lg font-semibold">
        {robot.name} {robot.autoInvite ? <Badge tone="green">{copy.autoInvite}</Badge> : null}
      </h3>
      <SpotFigures robot={robot} />
      <AutoInvite robot={robot} />
      <h4 className="mt-5 font-semibold">{copy.queueTitle(robot.queueLength)}</h4>
      <p className="text-xs text-muted-foreground">{copy.queueHint}</p>
      <InviteNext robot={robot} fetcher={inviteFetcher} />
      <h4 className="mt-5 font-semibold">{copy.openTitle}</h4>
      <OpenInvitations robot={robot} />
    </article>
  );
}

export function InvitationsPanel({ robots }: { robots: RobotInvitationsView[] }) {
  return (
    <section aria-labelledby="convites-titulo">
      <h2 id="convites-titulo" className="text-2xl font-bold">
        {copy.title}
      </h2>
      <CardList items={robots} empty={copy.notFound}>
        {(robot) => <RobotCard robot={robot} />}
      </CardList>
    </section>
  );
}
