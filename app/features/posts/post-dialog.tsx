import { useState } from "react";
import { href } from "react-router";
import { postCategories } from "./model.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from "../../components/ui/dialog.tsx";
import { Checkbox, Label } from "../../components/ui/form-fields.tsx";
import { adminCopy, postsAdminCopy as copy } from "../../content/admin.ts";
import type { FieldErrors } from "../../platform/http/parse-form.ts";
import { slugify } from "../../lib/slug.ts";
import { SelectField, TextAreaField, TextField } from "../admin/field.tsx";
import { postIntents } from "../admin/intents.ts";
import { useDialogForm } from "../admin/use-dialog-form.ts";
import type { AdminPost } from "./queries.server.ts";
import { DEFAULT_POST_AUTHOR, postFormSchema } from "./schema.ts";

type Mode = { kind: "create" } | { kind: "edit"; post: AdminPost };

const createMessages = {
  successTitle: copy.createdTitle,
  successText: copy.createdText,
  errorTitle: copy.createErrorTitle,
};
const editMessages = {
  successTitle: copy.updatedTitle,
  successText: copy.updatedText,
  errorTitle: copy.updateErrorTitle,
};

/** "Novo Post" -> "Criar Novo Post", or a post's "Editar" -> "Editar Post". */
export function PostDialog({ mode }: { mode: Mode }) {
  const messages = mode.kind === "create" ? createMessages : editMessages;
  // Closing with unsaved text asks first (docs/decisions/078).
  const { open, onOpenChange, errors, fetcher, formRef, busy, onSubmit } = useDialogForm(
    postFormSchema,
    messages,
    { guardChanges: true },
  );
  const post = mode.kind === "edit" ? mode.post : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        {post ? (
          <Button variant="outline" size="sm" aria-label={copy.editLabel(post.title)}>
            {copy.edit}
          </Button>
        ) : (
          <Button>{copy.newPost}</Button>
        )}
      </DialogTrigger>
      <DialogContent
        title={post ? copy.editTitle : copy.createTitle}
        description={post ? copy.editDescription : copy.createDescription}
        closeLabel={adminCopy.close}
        className="max-w-2xl!"
      >
        <fetcher.Form
          ref={formRef}
          method="post"
          action={href("/admin/blog")}
          noValidate
          onSubmit={onSubmit}
          className="mt-4 grid gap-4"
        >
          <input
            type="hidden"
            name="intent"
            value={post ? postIntents.update : postIntents.create}
          />
          {post ? <input type="hidden" name="id" value={post.id} /> : null}
          <PostFields post={post} errors={errors} />
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {post ? copy.save : copy.create}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** The form's fields; mounted with the open dialog, so every opening starts afresh. */
function PostFields({ post, errors }: { post?: AdminPost; errors: FieldErrors }) {
  const [title, setTitle] = useState(post?.title ?? "");
  const [slug, setSlug] = useState(post?.slug ?? "");
  // A new post's slug follows its title until edited by hand; an existing one never moves.
  const [slugTouched, setSlugTouched] = useState(post !== undefined);
  const id = (field: string) => `post-${post?.id ?? "novo"}-${field}`;

  return (
    <>
      <TextField
        id={id("titulo")}
        name="title"
        label={copy.fields.title}
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          if (!slugTouched) setSlug(slugify(event.target.value));
        }}
        required
        error={errors.title}
      />
      <TextField
        id={id("slug")}
        name="slug"
        label={copy.fields.slug}
        value={slug}
        onChange={(event) => {
          setSlug(event.target.value);
          setSlugTouched(event.target.value !== "");
        }}
        required
        autoCapitalize="none"
        spellCheck={false}
        hint={post ? undefined : copy.slugHint}
        error={errors.slug}
      />
      <TextAreaField
        id={id("resumo")}
        name="excerpt"
        label={copy.fields.excerpt}
        defaultValue={post?.excerpt ?? ""}
        rows={2}
        error={errors.excerpt}
      />
      <TextAreaField
        id={id("conteudo")}
        name="content"
        label={copy.fields.content}
        defaultValue={post?.content ?? ""}
        rows={10}
        required
        hint={copy.contentHint}
        error={errors.content}
      />
      <TextField
        id={id("imagem")}
        name="featuredImageUrl"
        type="url"
        label={copy.fields.imageUrl}
        placeholder={copy.urlPlaceholder}
        defaultValue={post?.featuredImageUrl ?? ""}
        error={errors.featuredImageUrl}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={id("categoria")}
          name="category"
          label={copy.fields.category}
          defaultValue={post?.category ?? postCategories[0]}
          error={errors.category}
        >
          {postCategories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id("autor")}
          name="author"
          label={copy.fields.author}
          defaultValue={post?.author ?? DEFAULT_POST_AUTHOR}
          required
          error={errors.author}
        />
      </div>
      <div className="flex items-start gap-2">
        <Checkbox id={id("publicado")} name="isPublished" defaultChecked={post?.isPublished} />
        <Label htmlFor={id("publicado")}>
          {post ? copy.fields.published : copy.fields.publishNow}
        </Label>
      </div>
      <div className="flex items-start gap-2">
        <Checkbox id={id("enviar")} name="notifySubscribers" aria-describedby={id("enviar-dica")} />
        <div>
          <Label htmlFor={id("enviar")}>{copy.fields.notifySubscribers}</Label>
          <p id={id("enviar-dica")} className="text-sm text-muted-foreground">
            {copy.notifyHint}
          </p>
        </div>
      </div>
    </>
  );
}
