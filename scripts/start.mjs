#!/usr/bin/env node
// Starts the whole product on embedded defaults: the API (PGlite under ./data, demo data) and the
// gateway (in-process session store, the built console) as two child processes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
mkdirSync(dataDir, { recursive: true });

// Stable secrets for the embedded setup, kept beside the data they protect.
function embeddedSecret(name) {
  const file = path.join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}
const internalToken = process.env.INTERNAL_TOKEN ?? embeddedSecret('.internal-token');

const apiPort = process.env.API_PORT ?? '4000';
const gatewayPort = process.env.PORT ?? '3000';
const shared = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  DATA_DIR: dataDir,
};
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${gatewayPort}`;
const apiEnv = {
  ...shared,
  HOST: process.env.API_HOST ?? '127.0.0.1',
  PORT: apiPort,
  JWT_SECRET: process.env.JWT_SECRET ?? embeddedSecret('.jwt-secret'),
  CREDENTIAL_KEY_SECRET: process.env.CREDENTIAL_KEY_SECRET ?? embeddedSecret('.credential-key-secret'),
  INTERNAL_TOKEN: internalToken,
  // Mailed links, Digital Link URIs and automatic link targets lead to this console.
  PUBLIC_URL: publicUrl,
};
const gatewayEnv = {
  ...shared,
  PORT: gatewayPort,
  UPSTREAM_URL: process.env.UPSTREAM_URL ?? `http://127.0.0.1:${apiPort}`,
  INTERNAL_TOKEN: internalToken,
  // The resolver's root in link sets and its description: the console's address, never a Host header.
  RESOLVER_ORIGIN: process.env.RESOLVER_ORIGIN ?? new URL(publicUrl).origin,
};

const children = [];
let stopping = false;

function run(name, script, env) {
  const child = spawn(process.execPath, [path.join(root, script)], { env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping the product`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null))).then(() =>
    process.exit(code),
  );
}

function waitForPort(port, host, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(Number(port), host);
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${host}:${port}`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('api', 'services/api/dist/server.js', apiEnv);
await waitForPort(apiPort, apiEnv.HOST, 120_000);
run('gateway', 'services/gateway/dist/server.js', gatewayEnv);
await waitForPort(gatewayPort, '127.0.0.1', 60_000);
// A phone on the same network reaches the console at one of these, never at localhost.
function networkAddresses(port) {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4' && !address.internal)
    .map((address) => `http://${address.address}:${port}`);
}

const onNetwork = networkAddresses(gatewayPort);
const lines = [
  `Console ready at http://localhost:${gatewayPort}`,
  ...onNetwork.map((url) => `On your network:  ${url}`),
  `QR codes and automatic links encode ${publicUrl}`,
];
if (!process.env.PUBLIC_URL && onNetwork.length > 0) {
  lines.push(`To scan demo codes with a phone, start with PUBLIC_URL=${onNetwork[0]} (see README.md)`);
}
lines.push('Demo accounts: see README.md (password Demo-pass-2026)');
console.log(`\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
