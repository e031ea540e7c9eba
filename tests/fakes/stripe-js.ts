/**
 * The browser side of the fake Stripe: a stand-in for https://js.stripe.com/<release>/stripe.js.
 *
 * Stripe.js can neither be bundled nor reached from the test machines, so e2e tests answer the script
 * request with this source (routeStripeJs). It defines `window.Stripe` with what `@stripe/stripe-js` 10
 * (`loadStripe` from `@stripe/stripe-js/pure`) and `@stripe/react-stripe-js` 7 (`<Elements>`,
 * `<PaymentElement>`, `useStripe`, `useElements`) call, and confirms against FakeStripe's API with the
 * publishable key and the client secret, as Stripe.js does against api.stripe.com. The payment element
 * renders plain labelled inputs in the page instead of Stripe's iframe, so tests type into them.
 */
import type { Page } from "@playwright/test"

/** loadStripe injects https://js.stripe.com/<release train>/stripe.js and warns unless window.Stripe.version matches. */
export const STRIPE_JS_RELEASE = "endive"
export const STRIPE_JS_URL_PATTERN = "https://js.stripe.com/**"

/** Answers every request for Stripe.js with the fake, talking to the fake API at apiUrl. */
export async function routeStripeJs(page: Page, apiUrl: string): Promise<void> {
  const source = fakeStripeJs(apiUrl)
  await page.route(STRIPE_JS_URL_PATTERN, (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript; charset=utf-8", body: source }),
  )
}

/**
 * The fake's source. Written as plain ES2019 in a string rather than as a function turned into text,
 * so no compiler helper (e.g. esbuild's __name) can leak into what the browser runs.
 */
export function fakeStripeJs(apiUrl: string): string {
  return `(function () {
  "use strict";
  var API = ${JSON.stringify(apiUrl.replace(/\/$/, ""))};
  var RELEASE = ${JSON.stringify(STRIPE_JS_RELEASE)};
${BROWSER_SOURCE}
})();
`
}

const BROWSER_SOURCE = String.raw`
  var counter = 0;
  function nextId(prefix) { counter += 1; return prefix + "-" + counter; }

  function encodeForm(params, prefix, parts) {
    parts = parts || [];
    Object.keys(params).forEach(function (key) {
      var value = params[key];
      if (value === undefined || value === null) return;
      var name = prefix ? prefix + "[" + key + "]" : key;
      if (typeof value === "object") encodeForm(value, name, parts);
      else parts.push(encodeURIComponent(name) + "=" + encodeURIComponent(String(value)));
    });
    return parts.join("&");
  }

  function intentIdOf(clientSecret) {
    var parts = String(clientSecret || "").split("_secret_");
    return parts.length === 2 && /^pi_\w+$/.test(parts[0]) && parts[1] ? parts[0] : null;
  }

  function integrationError(message) {
    var error = new Error(message);
    error.name = "IntegrationError";
    return error;
  }

  // Stripe.js answers network failures as an api_connection_error, never by rejecting.
  function api(method, path, params) {
    var init = { method: method, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
    var url = API + path;
    if (method === "GET") url += "?" + encodeForm(params);
    else init.body = encodeForm(params);
    return fetch(url, init).then(function (response) {
      return response.text().then(function (text) {
        var body;
        try { body = JSON.parse(text); } catch (e) {
          return { error: { type: "api_error", message: "Invalid response from Stripe (" + response.status + ")." } };
        }
        if (!response.ok) return { error: body.error || { type: "api_error", message: "Unexpected error." } };
        return { body: body };
      });
    }, function (cause) {
      return { error: { type: "api_connection_error", message: "An error occurred with our connection to Stripe. " + String(cause) } };
    });
  }

  // ---- card checks as Stripe's payment element makes them before anything is sent
  function digits(text) { return String(text || "").replace(/\D/g, ""); }
  function luhn(number) {
    var sum = 0;
    for (var i = 0; i < number.length; i++) {
      var d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return sum % 10 === 0;
  }
  function validateCard(card) {
    var number = digits(card.number);
    if (number.length === 0) return { code: "incomplete_number", message: "Your card number is incomplete.", field: "number" };
    if (number.length < 13) return { code: "incomplete_number", message: "Your card number is incomplete.", field: "number" };
    if (number.length > 19 || !luhn(number)) return { code: "invalid_number", message: "Your card number is invalid.", field: "number" };
    var expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(card.expiry || "");
    if (!expiry) return { code: "incomplete_expiry", message: "Your card's expiration date is incomplete.", field: "expiry" };
    var month = Number(expiry[1]);
    var year = Number(expiry[2].length === 2 ? "20" + expiry[2] : expiry[2]);
    if (month < 1 || month > 12) return { code: "invalid_expiry_month", message: "Your card's expiration date is invalid.", field: "expiry" };
    var today = new Date();
    if (year < today.getFullYear() || (year === today.getFullYear() && month < today.getMonth() + 1)) {
      return { code: "invalid_expiry_year_past", message: "Your card's expiration year is in the past.", field: "expiry" };
    }
    var cvc = digits(card.cvc);
    if (cvc.length < 3) return { code: "incomplete_cvc", message: "Your card's security code is incomplete.", field: "cvc" };
    return null;
  }

  // ---- the payment element: labelled inputs instead of Stripe's iframe
  function PaymentElement(type, options) {
    this._type = type;
    this._options = options || {};
    this._handlers = {};
    this._node = null;
    this._destroyed = false;
    this._inputs = null;
    this._error = null;
  }
  PaymentElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  PaymentElement.prototype.once = function (event, handler) {
    var self = this;
    function once() { self.off(event, once); handler.apply(null, arguments); }
    return this.on(event, once);
  };
  PaymentElement.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler ? list.filter(function (h) { return h !== handler; }) : [];
    return this;
  };
  PaymentElement.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (handler) { handler(payload); });
  };
  PaymentElement.prototype.mount = function (target) {
    if (this._destroyed) throw integrationError("This Element has already been destroyed. Please create a new one.");
    var node = typeof target === "string" ? document.querySelector(target) : target;
    if (!node) throw integrationError("The selector you specified (" + String(target) + ") applies to no DOM elements that are currently on the page.");
    if (this._node) throw integrationError("This Element is already mounted. Use unmount() to unmount the Element before re-mounting.");
    this._node = node;
    this._render();
    var self = this;
    self._emit("loaderstart", { elementType: self._type });
    setTimeout(function () { if (self._node) self._emit("ready", { elementType: self._type }); }, 0);
  };
  PaymentElement.prototype._render = function () {
    var self = this;
    var root = document.createElement("div");
    root.className = "FakeStripeElement FakeStripeElement--" + this._type;
    root.setAttribute("data-fake-stripe", this._type);
    root.setAttribute("role", "group");
    root.setAttribute("aria-label", "Card details");
    function field(label, name, autocomplete, placeholder) {
      var id = nextId("fake-stripe-" + name);
      var wrapper = document.createElement("div");
      var labelNode = document.createElement("label");
      labelNode.htmlFor = id;
      labelNode.textContent = label;
      var input = document.createElement("input");
      input.id = id;
      input.name = name;
      input.type = "text";
      input.inputMode = "numeric";
      input.autocomplete = autocomplete;
      input.placeholder = placeholder;
      input.addEventListener("input", function () { self._changed(); });
      input.addEventListener("focus", function () { self._emit("focus", { elementType: self._type }); });
      input.addEventListener("blur", function () { self._emit("blur", { elementType: self._type }); });
      input.addEventListener("keydown", function (event) { if (event.key === "Escape") self._emit("escape", { elementType: self._type }); });
      wrapper.appendChild(labelNode);
      wrapper.appendChild(input);
      root.appendChild(wrapper);
      return input;
    }
    this._inputs = {
      number: field("Card number", "cardnumber", "cc-number", "1234 1234 1234 1234"),
      expiry: field("Expiration date", "exp-date", "cc-exp", "MM / YY"),
      cvc: field("Security code", "cvc", "cc-csc", "CVC"),
    };
    var message = document.createElement("p");
    message.setAttribute("role", "alert");
    message.className = "FakeStripeElement-error";
    root.appendChild(message);
    this._message = message;
    this._root = root;
    this._node.appendChild(root);
  };
  PaymentElement.prototype._card = function () {
    var inputs = this._inputs;
    return inputs ? { number: inputs.number.value, expiry: inputs.expiry.value, cvc: inputs.cvc.value } : { number: "", expiry: "", cvc: "" };
  };
  PaymentElement.prototype._changed = function () {
    var card = this._card();
    var empty = !card.number && !card.expiry && !card.cvc;
    var problem = validateCard(card);
    this._showError(null);
    this._emit("change", {
      elementType: this._type,
      empty: empty,
      complete: !problem,
      collapsed: false,
      value: { type: "card" },
      error: undefined,
    });
  };
  PaymentElement.prototype._showError = function (problem) {
    if (this._message) this._message.textContent = problem ? problem.message : "";
    if (!this._inputs) return;
    var inputs = this._inputs;
    Object.keys(inputs).forEach(function (name) {
      inputs[name].setAttribute("aria-invalid", problem && problem.field === name ? "true" : "false");
    });
  };
  /** What elements.submit() and confirmPayment check first; shows the problem in the element as Stripe does. */
  PaymentElement.prototype._validate = function () {
    var problem = validateCard(this._card());
    this._showError(problem);
    return problem ? { type: "validation_error", code: problem.code, message: problem.message } : null;
  };
  PaymentElement.prototype.update = function (options) { Object.assign(this._options, options || {}); };
  PaymentElement.prototype.focus = function () { if (this._inputs) this._inputs.number.focus(); };
  PaymentElement.prototype.blur = function () { if (document.activeElement && this._root && this._root.contains(document.activeElement)) document.activeElement.blur(); };
  PaymentElement.prototype.clear = function () {
    if (!this._inputs) return;
    var inputs = this._inputs;
    Object.keys(inputs).forEach(function (name) { inputs[name].value = ""; });
    this._changed();
  };
  PaymentElement.prototype.collapse = function () { return this; };
  PaymentElement.prototype.unmount = function () {
    if (this._root && this._root.parentNode) this._root.parentNode.removeChild(this._root);
    this._node = null;
    this._inputs = null;
    this._root = null;
  };
  PaymentElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    if (this._elements) this._elements._forget(this);
  };

  // ---- elements group
  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = options || {};
    this._created = [];
  }
  Elements.prototype.create = function (type, options) {
    if (type !== "payment" && type !== "card") throw integrationError("The fake Stripe.js makes only 'payment' and 'card' elements, not '" + type + "'.");
    if (this.getElement(type)) throw integrationError("Can only create one Element of type " + type + ".");
    var element = new PaymentElement(type, options);
    element._elements = this;
    this._created.push(element);
    return element;
  };
  Elements.prototype.getElement = function (type) {
    var found = this._created.filter(function (e) { return e._type === type && !e._destroyed; });
    return found.length ? found[0] : null;
  };
  Elements.prototype._forget = function (element) {
    this._created = this._created.filter(function (e) { return e !== element; });
  };
  Elements.prototype._cardElement = function () {
    return this.getElement("payment") || this.getElement("card");
  };
  Elements.prototype.update = function (options) { Object.assign(this._options, options || {}); };
  Elements.prototype.fetchUpdates = function () { return Promise.resolve({}); };
  Elements.prototype.submit = function () {
    var element = this._cardElement();
    if (!element || !element._node) return Promise.resolve({ error: { type: "validation_error", message: "No payment element is mounted." } });
    var error = element._validate();
    return Promise.resolve(error ? { error: error } : {});
  };

  // ---- the Stripe object
  function paymentMethodData(element) {
    var card = element._card();
    var expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(card.expiry) || ["", "", ""];
    return {
      type: "card",
      card: {
        number: digits(card.number),
        exp_month: Number(expiry[1]),
        exp_year: Number(expiry[2].length === 2 ? "20" + expiry[2] : expiry[2]),
        cvc: digits(card.cvc),
      },
    };
  }

  function returnUrlWith(returnUrl, intent) {
    var url = new URL(returnUrl, window.location.href);
    url.searchParams.set("payment_intent", intent.id);
    url.searchParams.set("payment_intent_client_secret", intent.client_secret);
    url.searchParams.set("redirect_status", intent.status === "succeeded" || intent.status === "processing" || intent.status === "requires_capture" ? "succeeded" : "failed");
    return url.toString();
  }

  function StripeInstance(publishableKey, options) {
    this._key = publishableKey;
    this._options = options || {};
    this._wrappers = [];
    this._appInfo = null;
  }
  StripeInstance.prototype._registerWrapper = function (wrapper) { this._wrappers.push(wrapper); };
  StripeInstance.prototype.registerAppInfo = function (info) { this._appInfo = info; };
  StripeInstance.prototype.elements = function (options) { return new Elements(this, options); };

  StripeInstance.prototype._confirm = function (clientSecret, element, extra, redirect) {
    var intentId = intentIdOf(clientSecret);
    if (!intentId) return Promise.reject(integrationError("Invalid value for confirmPayment: clientSecret should be a client secret of the form pi_..._secret_...."));
    var problem = element._validate();
    if (problem) return Promise.resolve({ error: problem });
    var params = Object.assign({ key: this._key, client_secret: clientSecret, payment_method_data: paymentMethodData(element), expected_payment_method_type: "card", use_stripe_sdk: "true" }, extra);
    return api("POST", "/v1/payment_intents/" + intentId + "/confirm", params).then(function (result) {
      if (result.error) {
        if (element._showError && result.error.type === "card_error") element._showError({ message: result.error.message, field: "number" });
        return { error: result.error };
      }
      return result.body.status === "requires_action" ? authenticate(result.body) : { body: result.body };
    }).then(function (result) {
      if (result.error) return { error: result.error };
      var intent = result.body;
      if (redirect === "always" && extra.return_url) {
        window.location.assign(returnUrlWith(extra.return_url, intent));
        // Stripe.js never settles once it has sent the page away.
        return new Promise(function () {});
      }
      return { paymentIntent: intent };
    });
  };

  /**
   * 3-D Secure: Stripe.js shows the bank's challenge over the page and settles only once the customer
   * has answered it; a failed check comes back as an error with the intent waiting for another card.
   */
  function authenticate(intent) {
    var action = intent.next_action || {};
    var challengeUrl = action.use_stripe_sdk && action.use_stripe_sdk.stripe_js;
    if (!challengeUrl) return Promise.resolve({ body: intent });
    return new Promise(function (resolve) {
      var dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-modal", "true");
      dialog.setAttribute("aria-labelledby", "fake-stripe-3ds-title");
      dialog.setAttribute("data-fake-stripe", "three-d-secure");
      dialog.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center";
      var panel = document.createElement("div");
      panel.style.cssText = "background:#fff;color:#000;padding:24px;max-width:360px";
      var title = document.createElement("h2");
      title.id = "fake-stripe-3ds-title";
      title.textContent = "3D Secure 2 Test Page";
      var amount = document.createElement("p");
      amount.textContent = "Amount: " + (intent.amount / 100).toFixed(2) + " " + String(intent.currency).toUpperCase();
      panel.appendChild(title);
      panel.appendChild(amount);
      function choice(label, outcome) {
        var button = document.createElement("button");
        button.type = "button";
        button.textContent = label;
        button.addEventListener("click", function () {
          var url = new URL(challengeUrl);
          var body = "client_secret=" + encodeURIComponent(url.searchParams.get("client_secret") || "") + "&outcome=" + outcome;
          fetch(url.origin + url.pathname, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body })
            .then(function (response) { return response.json(); })
            .then(function (answered) {
              dialog.remove();
              if (answered.error) resolve({ error: answered.error });
              else if (answered.status === "requires_payment_method" && answered.last_payment_error) {
                resolve({ error: Object.assign({}, answered.last_payment_error, { payment_intent: answered }) });
              } else resolve({ body: answered });
            }, function (cause) {
              dialog.remove();
              resolve({ error: { type: "api_connection_error", message: "An error occurred with our connection to Stripe. " + String(cause) } });
            });
        });
        panel.appendChild(button);
        return button;
      }
      var complete = choice("Complete authentication", "complete");
      choice("Fail authentication", "fail");
      dialog.appendChild(panel);
      document.body.appendChild(dialog);
      complete.focus();
    });
  }

  StripeInstance.prototype.confirmPayment = function (options) {
    options = options || {};
    var elements = options.elements;
    var clientSecret = options.clientSecret || (elements && elements._options.clientSecret);
    if (!elements) return Promise.reject(integrationError("Invalid value for confirmPayment: elements should be an Elements group."));
    var element = elements._cardElement();
    if (!element || !element._node) return Promise.reject(integrationError("Invalid value for confirmPayment: elements should have a mounted Payment Element."));
    var confirmParams = options.confirmParams || {};
    var redirect = options.redirect || "always";
    if (redirect === "always" && !confirmParams.return_url) {
      return Promise.reject(integrationError("stripe.confirmPayment(): the confirmParams.return_url argument is required unless passing redirect: 'if_required'"));
    }
    var extra = {};
    if (confirmParams.return_url) extra.return_url = confirmParams.return_url;
    if (confirmParams.receipt_email) extra.receipt_email = confirmParams.receipt_email;
    if (confirmParams.shipping) extra.shipping = confirmParams.shipping;
    return this._confirm(clientSecret, element, extra, redirect);
  };

  StripeInstance.prototype.confirmCardPayment = function (clientSecret, data) {
    var element = data && data.payment_method && data.payment_method.card;
    if (!element || !element._card) return Promise.reject(integrationError("The fake Stripe.js confirms cards only from a mounted card or payment Element."));
    return this._confirm(clientSecret, element, data.return_url ? { return_url: data.return_url } : {}, "if_required");
  };

  StripeInstance.prototype.retrievePaymentIntent = function (clientSecret) {
    var intentId = intentIdOf(clientSecret);
    if (!intentId) return Promise.reject(integrationError("Invalid value for retrievePaymentIntent: clientSecret should be a client secret."));
    return api("GET", "/v1/payment_intents/" + intentId, { key: this._key, client_secret: clientSecret }).then(function (result) {
      return result.error ? { error: result.error } : { paymentIntent: result.body };
    });
  };

  StripeInstance.prototype.handleNextAction = function (options) { return this.retrievePaymentIntent(options && options.clientSecret); };

  function unsupported(name) {
    return function () { return Promise.resolve({ error: { type: "invalid_request_error", message: "The fake Stripe.js does not implement " + name + "." } }); };
  }
  // react-stripe-js recognises a Stripe object by these functions being present.
  StripeInstance.prototype.createToken = unsupported("createToken");
  StripeInstance.prototype.createPaymentMethod = unsupported("createPaymentMethod");
  StripeInstance.prototype.confirmSetup = unsupported("confirmSetup");
  StripeInstance.prototype.paymentRequest = function () { throw integrationError("The fake Stripe.js has no payment request button."); };

  function Stripe(publishableKey, options) {
    if (typeof publishableKey !== "string" || !/^pk_(test|live)_/.test(publishableKey)) {
      throw integrationError("Invalid API Key provided: " + String(publishableKey));
    }
    return new StripeInstance(publishableKey, options);
  }
  Stripe.version = RELEASE;
  window.Stripe = Stripe;
`
