/** Public path of uploaded avatars (under the API prefix). */
export const API_PREFIX_AVATARS = '/api/v1/avatars'
