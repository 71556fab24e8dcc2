// The API's docs page (/schema): Swagger UI drawn from the document the page holds as JSON (no inline script).
// The Swagger UI the swagger-ui-bundle package ships (4.15) draws OpenAPI 3.0 only and refuses a 3.1
// document whole ("Unable to render this definition"): it is shown as 3.0 here (/schema/openapi.json
// stays 3.1; a `{"type": "null"}` branch is drawn as an object there).
"use strict";
window.ui = (() => {
  const spec = JSON.parse(document.getElementById("openapi-document").textContent);
  if (/^3\.1\./.test(spec.openapi || "")) spec.openapi = "3.0.3";
  return SwaggerUIBundle({
    spec,
    dom_id: "#swagger-container",
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  });
})();
