/** cold-first-content, the floor: `fetch` + `JSON.parse` + render, nothing stored. */
import { render } from '../shared.js';
import { fetchTrending } from '../trending.js';

render((await fetchTrending()).results);
