/* global fetch */
/**
 * A transport for the cmi5 library's HTTP client (axios): the same requests, made with fetch's
 * `keepalive`, so that one under way when the frame is closed still reaches the LRS. The library
 * builds every request; this only carries it.
 */

/**
 * @typedef {{
 *   url: string,
 *   method?: string,
 *   headers?: Record<string, unknown> & { toJSON?: () => Record<string, string> },
 *   data?: string,
 * }} RequestConfig
 */

/**
 * An axios adapter: answers like axios (rejects outside 2xx with `error.response.status`).
 * @param {RequestConfig} config
 */
export async function keepaliveAdapter(config) {
  const headers =
    typeof config.headers?.toJSON === 'function' ? config.headers.toJSON() : config.headers;
  const response = await fetch(config.url, {
    method: (config.method ?? 'get').toUpperCase(),
    headers: /** @type {Record<string, string>} */ (headers ?? {}),
    body: config.data,
    keepalive: true,
    credentials: 'omit',
  });
  const answer = {
    data: await response.text(),
    status: response.status,
    statusText: response.statusText,
    headers: Object.fromEntries(response.headers),
    config,
    request: null,
  };
  if (!response.ok) {
    throw Object.assign(new Error(`Request failed with status code ${response.status}`), {
      response: answer,
    });
  }
  return answer;
}

/**
 * Routes the library's later requests through keepaliveAdapter.
 * @param {{ getAxios?: () => { defaults: { adapter?: unknown } } } | null} xapi the library's client
 */
export function useKeepalive(xapi) {
  const axios = xapi?.getAxios?.();
  if (axios) axios.defaults.adapter = keepaliveAdapter;
}
