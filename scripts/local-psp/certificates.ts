import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// Certificates for the local PSP's mutual TLS, made by openssl: one CA, the PSP's server
// certificate for 127.0.0.1 and localhost, and the client certificate our adapter presents
// (as a real PSP issues one to each customer). Kept in `dir`, made once.

export interface PspCertificateFiles {
  caFile: string;
  serverCertFile: string;
  serverKeyFile: string;
  clientCertFile: string;
  clientKeyFile: string;
}

function openssl(args: string[], cwd: string) {
  execFileSync("openssl", args, { cwd, stdio: "pipe" });
}

export function makePspCertificates(dir: string): PspCertificateFiles {
  mkdirSync(dir, { recursive: true });
  const files: PspCertificateFiles = {
    caFile: join(dir, "ca.pem"),
    serverCertFile: join(dir, "psp.pem"),
    serverKeyFile: join(dir, "psp-key.pem"),
    clientCertFile: join(dir, "client.pem"),
    clientKeyFile: join(dir, "client-key.pem"),
  };
  if (Object.values(files).every((file) => existsSync(file))) return files;
  const days = ["-days", "3650"];
  openssl(
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"].concat([
      "-keyout",
      "ca-key.pem",
      "-out",
      "ca.pem",
      "-subj",
      "/CN=PSP local CA",
      ...days,
    ]),
    dir,
  );
  writeFileSync(join(dir, "server.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  for (const [name, subject, ext] of [
    ["psp", "/CN=127.0.0.1", ["-extfile", "server.ext"]],
    ["client", "/CN=agentes-fx cliente API Pix", []],
  ] as const) {
    openssl(
      ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"].concat([
        "-keyout",
        `${name}-key.pem`,
        "-out",
        `${name}.csr`,
        "-subj",
        subject,
      ]),
      dir,
    );
    openssl(
      ["x509", "-req", "-in", `${name}.csr`, "-CA", "ca.pem", "-CAkey", "ca-key.pem"].concat([
        "-CAcreateserial",
        "-out",
        `${name}.pem`,
        ...days,
        ...ext,
      ]),
      dir,
    );
  }
  return files;
}

/** The PSP's side of the files, as startLocalPsp takes them. */
export function pspTls(files: PspCertificateFiles) {
  return {
    cert: readFileSync(files.serverCertFile, "utf8"),
    key: readFileSync(files.serverKeyFile, "utf8"),
    ca: readFileSync(files.caFile, "utf8"),
  };
}
