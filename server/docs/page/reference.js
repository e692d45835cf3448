// The reference page reads the API's own OpenAPI document; nothing is sent from here.
window.SwaggerUIBundle({
  url: '/idaas/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  supportedSubmitMethods: [],
  defaultModelsExpandDepth: 0,
});
