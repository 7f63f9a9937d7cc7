export { BASE_URL } from '../helpers/catalogue-world.js';
