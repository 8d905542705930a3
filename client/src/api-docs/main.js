// The API reference page (/api/docs): Swagger UI rendering the description shopd serves. A
// page of its own in the build, so the storefront never downloads it.
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';

SwaggerUIBundle({
  url: '/api/v1/openapi.yaml',
  dom_id: '#reference',
  deepLinking: true,
  // A reference to read: calls are not sent from the page.
  supportedSubmitMethods: [],
});
