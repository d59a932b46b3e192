import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { SMTPServer } from "smtp-server";
let n = 0;
const sink = new SMTPServer({ authOptional: true, disabledCommands: ["STARTTLS"], logger: false, onData(stream, _s, cb) { stream.resume(); stream.on("end", () => { n++; cb(); }); } });
await new Promise<void>((r) => sink.listen(2599, "127.0.0.1", r));
const smtp = { url: "smtp://127.0.0.1:2599", messages: { get length() { return n; } }, close: async () => sink.close() };
const child = spawn(process.execPath, ["--max-semi-space-size=4", "server.ts"], {
  env: { ...process.env, NODE_ENV: "production", PORT: "3999", HOST: "127.0.0.1", SITE_URL: "http://127.0.0.1:3999",
    DATABASE_URL: "postgres://postgres@127.0.0.1:5432/prof", SMTP_URL: smtp.url, SIGNUP_RATE_LIMIT: "0",
    BETTER_AUTH_SECRET: "x".repeat(40), LOG_LEVEL: "warn" }, stdio: "inherit" });
for (;;) { try { if ((await fetch("http://127.0.0.1:3999/healthz")).ok) break; } catch {} await new Promise(r => setTimeout(r, 200)); }
let i = 0;
const r = await autocannon({ url: "http://127.0.0.1:3999/contato", connections: 16, duration: 10, method: "POST",
  headers: { origin: "http://127.0.0.1:3999", "content-type": "application/x-www-form-urlencoded" },
  requests: [{ setupRequest: (req) => ({ ...req, body: `name=Carga&email=p${i++}%40x.example.com&terms=on&agents=yenmax` }) }] });
console.log(r.requests.average, r.non2xx, r["3xx"]);
await new Promise(r => setTimeout(r, 3000));
child.kill("SIGTERM"); await new Promise(r => child.once("exit", r)); await smtp.close(); console.log("msgs", smtp.messages.length);
