// The sign-in form's schema on its own, so that the form can load it (and zod) on demand.
export { signInBodySchema } from '@product-console/shared';
