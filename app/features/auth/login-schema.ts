import { z } from "zod";
import { loginCopy, validationCopy } from "../../content/admin.ts";

// docs/product.md section 5: email and password both required. 254 is the longest valid address;
// 128 is better-auth's longest password.
export const loginSchema = z.object({
  email: z
    .string({ error: validationCopy.required(loginCopy.email) })
    .trim()
    .toLowerCase()
    .min(1, validationCopy.required(loginCopy.email))
    .max(254, validationCopy.emailInvalid)
    .pipe(z.email({ error: validationCopy.emailInvalid })),
  password: z
    .string({ error: validationCopy.required(loginCopy.password) })
    .min(1, validationCopy.required(loginCopy.password))
    .max(128, loginCopy.invalidCredentials)
    // scrypt's HMAC pads keys with zero bytes, so "senha" and "senha\0" hash alike; no
    // admin password holds U+0000 (admin:create cannot set one), so none is ever checked.
    .refine((password) => !password.includes("\u0000"), loginCopy.invalidCredentials),
});
