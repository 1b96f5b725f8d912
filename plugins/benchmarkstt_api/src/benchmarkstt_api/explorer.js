"use strict";
(function () {
  var endpoint = document.body.getAttribute("data-entrypoint");
  var nextId = 1;

  function collect(form) {
    var params = {};
    var fields = form.querySelectorAll("[data-kind]");
    for (var i = 0; i < fields.length; i++) {
      var field = fields[i];
      var kind = field.getAttribute("data-kind");
      if (kind === "bool") {
        params[field.name] = field.checked;
      } else if (field.value !== "" || field.hasAttribute("data-required")) {
        params[field.name] = kind === "json" ? JSON.parse(field.value) : field.value;
      }
    }
    return params;
  }

  function show(output, state, text) {
    output.setAttribute("data-state", state);
    output.textContent = text;
  }

  function call(event) {
    event.preventDefault();
    var form = event.currentTarget;
    var output = form.parentNode.querySelector("pre.result");
    var request;
    try {
      request = {jsonrpc: "2.0", method: form.getAttribute("data-method"), params: collect(form), id: nextId++};
    } catch (error) {
      show(output, "error", "A json field does not hold valid JSON: " + error.message);
      return;
    }
    show(output, "pending", "Calling " + request.method + "\u2026");
    fetch(endpoint, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(request)})
      .then(function (response) { return response.text().then(function (body) { return [response.status, body]; }); })
      .then(function (answer) {
        var status = answer[0], reply;
        try { reply = JSON.parse(answer[1]); } catch (error) { show(output, "error", "HTTP " + status + ": " + answer[1]); return; }
        if (reply.error) {
          var data = reply.error.data === undefined || reply.error.data === null ? "" : "\n" + reply.error.data;
          show(output, "error", "HTTP " + status + ", error " + reply.error.code + ": " + reply.error.message + data);
        } else {
          var result = reply.result;
          show(output, "ok", typeof result === "string" ? result : JSON.stringify(result, null, 2));
        }
      })
      .catch(function (error) { show(output, "error", "The request failed: " + error.message); });
  }

  var forms = document.querySelectorAll("form.call");
  for (var i = 0; i < forms.length; i++) {
    forms[i].addEventListener("submit", call);
  }
})();
