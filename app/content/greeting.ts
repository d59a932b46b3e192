/** An e-mail's first line: the person's name when one is left to show (decision 203). */
export const greetingFor = (name: string) => (name ? `Olá, ${name}!` : "Olá!");
