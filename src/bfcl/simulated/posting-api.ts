/**
 * gorilla `func_source_code/posting_api.py` (`TwitterAPI`), rule for rule: tweets keyed by int id,
 * comments, retweets and a following list.
 */
import type { PyArguments, SimulatedApi, SimulatedApiFactory } from './api.js';
import { type MethodTable, callMethod, methodNames } from './methods.js';
import {
  add,
  asDict,
  asList,
  asStr,
  contains,
  get,
  getItem,
  iterate,
  len,
  removeItem,
  setItem,
  truthy,
} from './ops.js';
import { type PyData, PyDict, PyException, pyEq, pyRepr, pyStr } from './py.js';

class TwitterApi implements SimulatedApi {
  readonly className = 'TwitterAPI';
  readonly methods = methodNames(METHODS);
  username: PyData = 'john';
  password: PyData = 'john123';
  authenticated: PyData = false;
  tweets: PyData = new PyDict();
  comments: PyData = new PyDict();
  retweets: PyData = new PyDict();
  followingList: PyData = ['alice', 'bob'];
  tweetCounter: PyData = 0;

  loadScenario(config: PyDict): void {
    this.username = get(config, 'username', 'john');
    this.password = get(config, 'password', 'john123');
    this.authenticated = get(config, 'authenticated', false);
    const tweets = new PyDict();
    // The JSON's keys are strs: the class turns them into ints (comments and retweets keep theirs).
    for (const [key, tweet] of asDict(get(config, 'tweets', new PyDict()), 'items')) setItem(tweets, intOf(key), tweet);
    this.tweets = tweets;
    this.comments = get(config, 'comments', new PyDict());
    this.retweets = get(config, 'retweets', new PyDict());
    this.followingList = get(config, 'following_list', ['alice', 'bob']);
    this.tweetCounter = get(config, 'tweet_counter', 0);
  }

  call(method: string, args: PyArguments): PyData {
    return callMethod(this.className, METHODS, this, method, args);
  }

  publicAttributes(): [string, PyData][] {
    return [
      ['username', this.username],
      ['password', this.password],
      ['authenticated', this.authenticated],
      ['tweets', this.tweets],
      ['comments', this.comments],
      ['retweets', this.retweets],
      ['following_list', this.followingList],
      ['tweet_counter', this.tweetCounter],
    ];
  }

  tweetValues(): PyData[] {
    return [...asDict(this.tweets, 'values').values()];
  }
}

/** `int(key)` for a dict key: an int stays, a str of digits is parsed, anything else is Python's ValueError. */
function intOf(key: PyData): PyData {
  if (typeof key === 'number' || typeof key === 'boolean') return Number(key);
  if (typeof key === 'string' && /^\s*[+-]?\d+(_\d+)*\s*$/.test(key)) return Number(key.trim().replaceAll('_', ''));
  throw new PyException('ValueError', `invalid literal for int() with base 10: ${pyRepr(key)}`);
}

const error = (message: string): PyDict => PyDict.of({ error: message });
const notFound = (tweetId: PyData): PyDict => error(`Tweet with ID ${pyStr(tweetId)} not found.`);

// post_tweet's `tags=[]` and `mentions=[]`: one list each for the whole process, as Python's `def` made them.
// `mention()` extends a tweet's mentions in place, so it grows the shared default of every tweet posted without.
const DEFAULT_TAGS: PyData[] = [];
const DEFAULT_MENTIONS: PyData[] = [];

const METHODS: MethodTable<TwitterApi> = {
  authenticate_twitter: {
    params: ['username', 'password'],
    run(api, username, password) {
      if (pyEq(username, api.username) && pyEq(password, api.password)) {
        api.authenticated = true;
        return PyDict.of({ authentication_status: true });
      }
      return PyDict.of({ authentication_status: false });
    },
  },
  posting_get_login_status: {
    params: [],
    run(api) {
      return PyDict.of({ login_status: truthy(api.authenticated) });
    },
  },
  post_tweet: {
    params: ['content', 'tags', 'mentions'],
    defaults: { tags: DEFAULT_TAGS, mentions: DEFAULT_MENTIONS },
    run(api, content, tags, mentions) {
      if (!truthy(api.authenticated)) return error('User not authenticated. Please authenticate before posting.');
      const tweet = PyDict.of({ id: api.tweetCounter, username: api.username, content, tags, mentions });
      setItem(api.tweets, api.tweetCounter, tweet);
      api.tweetCounter = add(api.tweetCounter, 1);
      return tweet;
    },
  },
  retweet: {
    params: ['tweet_id'],
    run(api, tweetId) {
      if (!truthy(api.authenticated)) return error('User not authenticated. Please authenticate before retweeting.');
      if (!contains(api.tweets, tweetId)) return notFound(tweetId);
      if (!contains(api.retweets, api.username)) setItem(api.retweets, api.username, []);
      const mine = getItem(api.retweets, api.username);
      if (contains(mine, tweetId)) return PyDict.of({ retweet_status: 'Already retweeted' });
      asList(mine, 'append').push(tweetId);
      return PyDict.of({ retweet_status: 'Successfully retweeted' });
    },
  },
  comment: {
    params: ['tweet_id', 'comment_content'],
    run(api, tweetId, content) {
      if (!truthy(api.authenticated)) return error('User not authenticated. Please authenticate before commenting.');
      if (!contains(api.tweets, tweetId)) return notFound(tweetId);
      if (!contains(api.comments, tweetId)) setItem(api.comments, tweetId, []);
      asList(getItem(api.comments, tweetId), 'append').push(PyDict.of({ username: api.username, content }));
      return PyDict.of({ comment_status: 'Comment added successfully' });
    },
  },
  mention: {
    params: ['tweet_id', 'mentioned_usernames'],
    run(api, tweetId, mentioned) {
      if (!contains(api.tweets, tweetId)) return notFound(tweetId);
      const tweet = getItem(api.tweets, tweetId);
      const mentions = asList(getItem(tweet, 'mentions'), 'extend');
      mentions.push(...iterate(mentioned));
      return PyDict.of({ mention_status: 'Users mentioned successfully' });
    },
  },
  follow_user: {
    params: ['username_to_follow'],
    run(api, username) {
      if (!truthy(api.authenticated)) return error('User not authenticated. Please authenticate before following.');
      if (contains(api.followingList, username)) return PyDict.of({ follow_status: false });
      asList(api.followingList, 'append').push(username);
      return PyDict.of({ follow_status: true });
    },
  },
  list_all_following: {
    params: [],
    run(api) {
      if (!truthy(api.authenticated))
        return error('User not authenticated. Please authenticate before listing following.');
      return PyDict.of({ following_list: api.followingList });
    },
  },
  unfollow_user: {
    params: ['username_to_unfollow'],
    run(api, username) {
      if (!truthy(api.authenticated)) return error('User not authenticated. Please authenticate before unfollowing.');
      if (!contains(api.followingList, username)) return PyDict.of({ unfollow_status: false });
      removeItem(asList(api.followingList, 'remove'), username);
      return PyDict.of({ unfollow_status: true });
    },
  },
  get_tweet: {
    params: ['tweet_id'],
    run(api, tweetId) {
      if (!contains(api.tweets, tweetId)) return notFound(tweetId);
      return getItem(api.tweets, tweetId);
    },
  },
  get_user_tweets: {
    params: ['username'],
    run(api, username) {
      return api.tweetValues().filter((tweet) => pyEq(getItem(tweet, 'username'), username));
    },
  },
  search_tweets: {
    params: ['keyword'],
    run(api, keyword) {
      return api.tweetValues().filter((tweet) => {
        const wanted = asStr(keyword, 'lower').toLowerCase();
        if (asStr(getItem(tweet, 'content'), 'lower').toLowerCase().includes(wanted)) return true;
        const tags = iterate(getItem(tweet, 'tags')).map((tag) => asStr(tag, 'lower').toLowerCase());
        return tags.includes(wanted);
      });
    },
  },
  get_tweet_comments: {
    params: ['tweet_id'],
    run(api, tweetId) {
      if (!contains(api.tweets, tweetId)) return notFound(tweetId);
      return get(api.comments, tweetId, []);
    },
  },
  get_user_stats: {
    params: ['username'],
    run(api, username) {
      const tweetCount = api.tweetValues().filter((tweet) => pyEq(getItem(tweet, 'username'), username)).length;
      const followingCount = pyEq(username, api.username) ? len(api.followingList) : 0;
      const retweetCount = len(get(api.retweets, username, []));
      return PyDict.of({ tweet_count: tweetCount, following_count: followingCount, retweet_count: retweetCount });
    },
  },
};

export const createTwitterAPI: SimulatedApiFactory = () => new TwitterApi();
