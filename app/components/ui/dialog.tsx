import { X } from "./icons/x.tsx";
import { Dialog as DialogPrimitive } from "radix-ui";
import { cn } from "../../lib/cn.ts";

// Radix Dialog in the shadcn manner: modal, traps focus, returns it to the trigger, closes
// on Escape. Title and description are required so the dialog is always named.
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  title,
  description,
  closeLabel,
  className,
  children,
}: {
  title: string;
  description: string;
  closeLabel: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/70" />
      <DialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-card p-6 shadow-xl",
          className,
        )}
      >
        <DialogPrimitive.Title className="pr-8 text-xl font-bold">{title}</DialogPrimitive.Title>
        <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
          {description}
        </DialogPrimitive.Description>
        {children}
        <DialogPrimitive.Close
          aria-label={closeLabel}
          className="absolute top-4 right-4 rounded p-1 text-muted-foreground hover:text-foreground"
        >
          <X aria-hidden="true" className="size-5" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * The dialog's buttons, kept at the bottom of the dialog while a long form scrolls under them,
 * so "Salvar" is in view at any height (issue 25: 1280x800).
 */
export function DialogFooter({ children }: { children: React.ReactNode }) {
  return (
    <div className="sticky -bottom-6 -mx-6 -mb-6 flex justify-end border-t border-border bg-card px-6 pt-4 pb-6">
      {children}
    </div>
  );
}
