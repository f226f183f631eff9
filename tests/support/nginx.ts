import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * An nginx configuration for a test run, kept in step with deploy/nginx.conf: round-robin over the
 * gateway replicas, the next replica on connection errors or after a 1 s connect timeout, the same
 * body limit and read timeout, no compression of its own (the gateway compresses). One difference:
 * the replicas here are fixed ports on 127.0.0.1, so they are listed in an `upstream` (with
 * keep-alive); the deployment looks the service name up while running (decision 074), which only a
 * container network's DNS can answer.
 */
export function writeNginxConfig(prefix: string, listenPort: number, gatewayPorts: number[]): string {
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(
    file,
    `
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  upstream gateway {
${gatewayPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 55m;
    proxy_read_timeout 75s;
    gzip off;
    proxy_connect_timeout 1s;
    location = /metrics { return 404; }
    location / {
      proxy_pass http://gateway;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`,
  );
  return file;
}
