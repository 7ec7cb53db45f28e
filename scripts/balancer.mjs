// The load balancer of several instances (npm run cluster, npm run bench -- cluster).

/**
 * nginx in front of instances of the console: the instances in turn (least connections), the
 * client's address passed on; its files under `root` (which must hold a `tmp` folder).
 */
export function balancerConfig(root, listen, upstreams) {
  return `worker_processes 1;
error_log ${root}/error.log warn;
pid ${root}/nginx.pid;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${root}/tmp/body;
  proxy_temp_path ${root}/tmp/proxy;
  fastcgi_temp_path ${root}/tmp/fastcgi;
  uwsgi_temp_path ${root}/tmp/uwsgi;
  scgi_temp_path ${root}/tmp/scgi;
  # The instances judge sizes themselves (uploads in chunks, pictures, certificates).
  client_max_body_size 0;
  upstream console {
    least_conn;
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=3s;`).join('\n')}
    keepalive 64;
  }
  server {
    listen ${listen};
    location / {
      proxy_pass http://console;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_read_timeout 300s;
      # A call an instance never answered (it stopped) goes to another; nginx retries only
      # requests that are safe to send twice (not POST) unless told otherwise.
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`;
}
