// Why a post could not be saved although every field is valid (app/features/posts/markdown.server.ts).

/** The content's Markdown took longer than the render time limit. */
export const postContentTooComplexMessage =
  "O conteúdo é complexo demais para publicar (ênfases ou pontuações repetidas demais). Simplifique a formatação e tente novamente.";
