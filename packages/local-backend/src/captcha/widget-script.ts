/**
 * GET /captcha/v0/api.js: the stand-in for Cloudflare's Turnstile script. It defines
 * `window.turnstile` with the explicit-render calls the app makes (render, reset, remove,
 * getResponse); each widget asks POST /captcha/v0/token, on the origin the script came from, for a
 * token and shows that it has one. Like Cloudflare's, `?onload=<name>` calls `window[name]()` once
 * `turnstile` is ready. Written for browsers as they are: no modules, no build step.
 */
export const widgetScript = String.raw`(function () {
  'use strict';
  if (window.turnstile) return;
  var script = document.currentScript;
  var source = new URL(script && script.src ? script.src : location.href, location.href);
  var tokenUrl = source.origin + '/captcha/v0/token';
  var lifetimeMs = 300000;
  var widgets = {};
  var order = [];
  var count = 0;

  function element(target) {
    var found = typeof target === 'string' ? document.querySelector(target) : target;
    if (!found) throw new Error('turnstile.render: no element ' + String(target));
    return found;
  }

  function widgetFor(id) {
    if (id === undefined) id = order[0];
    return id === undefined ? undefined : widgets[id];
  }

  function call(callback, value) {
    if (typeof callback === 'function') callback(value);
  }

  function show(widget, text) {
    widget.label.textContent = text;
  }

  function request(widget) {
    widget.attempt += 1;
    var attempt = widget.attempt;
    widget.token = undefined;
    clearTimeout(widget.expiry);
    show(widget, 'Local captcha stand-in: checking…');
    fetch(tokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sitekey: widget.params.sitekey }),
    })
      .then(function (response) {
        if (!response.ok) throw new Error('token request answered ' + response.status);
        return response.json();
      })
      .then(function (body) {
        if (widget.removed || attempt !== widget.attempt) return;
        widget.token = body.token;
        show(widget, 'Local captcha stand-in: passed');
        widget.expiry = setTimeout(function () {
          if (widget.removed || attempt !== widget.attempt) return;
          widget.token = undefined;
          call(widget.params['expired-callback']);
          request(widget);
        }, lifetimeMs);
        call(widget.params.callback, body.token);
      })
      .catch(function () {
        if (widget.removed || attempt !== widget.attempt) return;
        show(widget, 'Local captcha stand-in: failed');
        call(widget.params['error-callback'], 'local-stand-in-unreachable');
      });
  }

  function render(container, params) {
    if (!params || typeof params.sitekey !== 'string' || params.sitekey === '') {
      throw new Error('turnstile.render: a sitekey is required');
    }
    var host = element(container);
    count += 1;
    var id = 'local-captcha-' + count;
    var box = document.createElement('div');
    box.id = id;
    box.setAttribute('role', 'status');
    box.style.cssText =
      'box-sizing:border-box;display:flex;align-items:center;height:65px;padding:0 16px;' +
      'border:1px solid #6b7280;border-radius:4px;background:#ffffff;color:#111827;' +
      'font:14px/1.4 system-ui,sans-serif;' +
      (params.size === 'flexible' ? 'width:100%;min-width:300px;' : 'width:300px;');
    var label = document.createElement('span');
    box.appendChild(label);
    host.appendChild(box);
    var widget = { id: id, params: params, box: box, label: label, attempt: 0, removed: false };
    widgets[id] = widget;
    order.push(id);
    request(widget);
    return id;
  }

  function reset(id) {
    var widget = widgetFor(id);
    if (widget) request(widget);
  }

  function remove(id) {
    var widget = widgetFor(id);
    if (!widget) return;
    widget.removed = true;
    clearTimeout(widget.expiry);
    if (widget.box.parentNode) widget.box.parentNode.removeChild(widget.box);
    delete widgets[widget.id];
    order.splice(order.indexOf(widget.id), 1);
  }

  function getResponse(id) {
    var widget = widgetFor(id);
    return widget ? widget.token : undefined;
  }

  window.turnstile = {
    render: render,
    reset: reset,
    remove: remove,
    getResponse: getResponse,
    ready: function (callback) {
      callback();
    },
  };

  var onload = source.searchParams.get('onload');
  if (onload) {
    setTimeout(function () {
      if (typeof window[onload] === 'function') window[onload]();
    }, 0);
  }
})();
`;
