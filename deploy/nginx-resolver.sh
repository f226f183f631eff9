#!/bin/sh
# Runs from the nginx image's /docker-entrypoint.d before nginx starts (docker-compose.yml mounts it
# there). Writes the `resolver` that deploy/nginx.conf looks the gateway replicas up with: the first
# name server of this container's /etc/resolv.conf, which is the engine's own DNS (127.0.0.11 under
# Docker, the network's gateway address under podman's aardvark-dns); the others, where the engine
# lists the host's servers too, would not know the service names.
set -eu
target=${NGINX_RESOLVER_CONF:-/etc/nginx/conf.d/00-resolver.conf}
server=$(awk '$1 == "nameserver" { print $2; exit }' /etc/resolv.conf)
if [ -z "$server" ]; then
  echo "$0: no nameserver in /etc/resolv.conf: nginx could not find the gateway replicas" >&2
  exit 1
fi
case "$server" in *:*) server="[$server]" ;; esac
printf 'resolver %s valid=5s ipv6=off;\nresolver_timeout 2s;\n' "$server" >"$target"
echo "$0: gateway replicas looked up through $server"
