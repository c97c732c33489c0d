#!/bin/bash
# The container's health check: exit 0 when the node on NACOS_APPLICATION_PORT (default 8848)
# answers its readiness probe with 200. Bash alone speaks the HTTP, so the image needs no curl.
set -euo pipefail
exec 3<>"/dev/tcp/127.0.0.1/${NACOS_APPLICATION_PORT:-8848}"
printf 'GET /nacos/v1/console/health/readiness HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
read -r -t 5 _ status _ <&3
[ "$status" = 200 ]
