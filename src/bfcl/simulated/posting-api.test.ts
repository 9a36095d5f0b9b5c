import { describe, expect, test } from 'vitest';
import type { SimulatedApi } from './api.js';
import { createTwitterAPI } from './posting-api.js';
import { type PyData, PyDict, PyException, PyFloat, pyRepr } from './py.js';

/**
 * Each expected value is what Python printed for the same call on gorilla's own class (python3 3.11.7,
 * gorilla HEAD 6ea57973, PYTHONPATH=berkeley-function-call-leaderboard): `repr(result)`, or
 * `!! Type: str(e)` when the call raised:
 *   from bfcl_eval.eval_checker.multi_turn_eval.func_source_code.posting_api import TwitterAPI
 *   api = TwitterAPI(); api._load_scenario({}); print(repr(api.post_tweet('hi'))) ...
 * The tests of this file run in order in one module, as Python's calls ran in one process: post_tweet's
 * shared default `mentions=[]` carries what mention() added to it.
 */
function run(api: SimulatedApi, method: string, positional: PyData[] = [], keywords: Record<string, PyData> = {}) {
  try {
    return pyRepr(api.call(method, { positional, keywords: new Map(Object.entries(keywords)) }));
  } catch (error) {
    if (error instanceof PyException) return `!! ${error.pyClass}: ${error.message}`;
    throw error;
  }
}

const state = (api: SimulatedApi) => pyRepr(PyDict.of(Object.fromEntries(api.publicAttributes())));

describe('TwitterAPI', () => {
  test('every method in one session; a mention on a tweet posted without mentions lands in the shared default', () => {
    const api = createTwitterAPI();
    api.loadScenario(new PyDict(), false);
    expect(state(api)).toBe(
      "{'username': 'john', 'password': 'john123', 'authenticated': False, 'tweets': {}, 'comments': {}, 'retweets': {}, 'following_list': ['alice', 'bob'], 'tweet_counter': 0}",
    );
    expect(run(api, 'post_tweet', ['hi'])).toBe(
      "{'error': 'User not authenticated. Please authenticate before posting.'}",
    );
    expect(run(api, 'authenticate_twitter', ['john', 'nope'])).toBe("{'authentication_status': False}");
    expect(run(api, 'posting_get_login_status')).toBe("{'login_status': False}");
    expect(run(api, 'authenticate_twitter', ['john', 'john123'])).toBe("{'authentication_status': True}");
    expect(run(api, 'posting_get_login_status')).toBe("{'login_status': True}");
    expect(run(api, 'post_tweet', ['Hello world'])).toBe(
      "{'id': 0, 'username': 'john', 'content': 'Hello world', 'tags': [], 'mentions': []}",
    );
    expect(run(api, 'post_tweet', ['Second #tag'], { tags: ['#News'], mentions: ['@bob'] })).toBe(
      "{'id': 1, 'username': 'john', 'content': 'Second #tag', 'tags': ['#News'], 'mentions': ['@bob']}",
    );
    expect(run(api, 'mention', [0, ['@alice']])).toBe("{'mention_status': 'Users mentioned successfully'}");
    expect(run(api, 'post_tweet', ['Third'])).toBe(
      "{'id': 2, 'username': 'john', 'content': 'Third', 'tags': [], 'mentions': ['@alice']}",
    );
    expect(run(api, 'mention', [9, ['@x']])).toBe("{'error': 'Tweet with ID 9 not found.'}");
    expect(run(api, 'mention', [1, 'ab'])).toBe("{'mention_status': 'Users mentioned successfully'}");
    expect(run(api, 'retweet', [1])).toBe("{'retweet_status': 'Successfully retweeted'}");
    expect(run(api, 'retweet', [1])).toBe("{'retweet_status': 'Already retweeted'}");
    expect(run(api, 'retweet', [7])).toBe("{'error': 'Tweet with ID 7 not found.'}");
    expect(run(api, 'retweet', [[1]])).toBe("!! TypeError: unhashable type: 'list'");
    expect(run(api, 'comment', [0, 'Nice'])).toBe("{'comment_status': 'Comment added successfully'}");
    expect(run(api, 'comment', [new PyFloat(0), 'Again'])).toBe("{'comment_status': 'Comment added successfully'}");
    expect(run(api, 'comment', [5, 'x'])).toBe("{'error': 'Tweet with ID 5 not found.'}");
    expect(run(api, 'get_tweet_comments', [0])).toBe(
      "[{'username': 'john', 'content': 'Nice'}, {'username': 'john', 'content': 'Again'}]",
    );
    expect(run(api, 'get_tweet_comments', [2])).toBe('[]');
    expect(run(api, 'get_tweet_comments', [8])).toBe("{'error': 'Tweet with ID 8 not found.'}");
    expect(run(api, 'follow_user', ['carol'])).toBe("{'follow_status': True}");
    expect(run(api, 'follow_user', ['bob'])).toBe("{'follow_status': False}");
    expect(run(api, 'unfollow_user', ['alice'])).toBe("{'unfollow_status': True}");
    expect(run(api, 'unfollow_user', ['zed'])).toBe("{'unfollow_status': False}");
    expect(run(api, 'list_all_following')).toBe("{'following_list': ['bob', 'carol']}");
    const third = "{'id': 2, 'username': 'john', 'content': 'Third', 'tags': [], 'mentions': ['@alice']}";
    expect(run(api, 'get_tweet', [2])).toBe(third);
    expect(run(api, 'get_tweet', ['2'])).toBe("{'error': 'Tweet with ID 2 not found.'}");
    const first = "{'id': 0, 'username': 'john', 'content': 'Hello world', 'tags': [], 'mentions': ['@alice']}";
    const second =
      "{'id': 1, 'username': 'john', 'content': 'Second #tag', 'tags': ['#News'], 'mentions': ['@bob', 'a', 'b']}";
    expect(run(api, 'get_user_tweets', ['john'])).toBe(`[${first}, ${second}, ${third}]`);
    expect(run(api, 'get_user_tweets', ['bob'])).toBe('[]');
    expect(run(api, 'search_tweets', ['news'])).toBe('[]');
    expect(run(api, 'search_tweets', ['HELLO'])).toBe(`[${first}]`);
    expect(run(api, 'search_tweets', [1])).toBe("!! AttributeError: 'int' object has no attribute 'lower'");
    expect(run(api, 'get_user_stats', ['john'])).toBe("{'tweet_count': 3, 'following_count': 2, 'retweet_count': 1}");
    expect(run(api, 'get_user_stats', ['alice'])).toBe("{'tweet_count': 0, 'following_count': 0, 'retweet_count': 0}");
    expect(run(api, 'get_user_stats', [['x']])).toBe("!! TypeError: unhashable type: 'list'");
    expect(state(api)).toBe(
      `{'username': 'john', 'password': 'john123', 'authenticated': True, 'tweets': {0: ${first}, 1: ${second}, 2: ${third}}, 'comments': {0: [{'username': 'john', 'content': 'Nice'}, {'username': 'john', 'content': 'Again'}]}, 'retweets': {'john': [1]}, 'following_list': ['bob', 'carol'], 'tweet_counter': 3}`,
    );
  });

  test("a scenario: the tweets' str keys become ints, the comments' stay strs", () => {
    const api = createTwitterAPI();
    api.loadScenario(
      PyDict.of({
        username: 'alice',
        password: 'pw',
        authenticated: true,
        tweets: PyDict.of({ '5': PyDict.of({ id: 5, username: 'alice', content: 'Old', tags: [], mentions: [] }) }),
        comments: PyDict.of({ '5': [PyDict.of({ username: 'bob', content: 'hey' })] }),
        retweets: new PyDict(),
        following_list: ['bob'],
        tweet_counter: 6,
      }),
      false,
    );
    expect(run(api, 'comment', [5, 'mine'])).toBe("{'comment_status': 'Comment added successfully'}");
    expect(run(api, 'get_tweet_comments', [5])).toBe("[{'username': 'alice', 'content': 'mine'}]");
    expect(run(api, 'post_tweet', ['New'], { tags: ['#a'], mentions: [] })).toBe(
      "{'id': 6, 'username': 'alice', 'content': 'New', 'tags': ['#a'], 'mentions': []}",
    );
    expect(state(api)).toBe(
      "{'username': 'alice', 'password': 'pw', 'authenticated': True, 'tweets': {5: {'id': 5, 'username': 'alice', 'content': 'Old', 'tags': [], 'mentions': []}, 6: {'id': 6, 'username': 'alice', 'content': 'New', 'tags': ['#a'], 'mentions': []}}, 'comments': {'5': [{'username': 'bob', 'content': 'hey'}], 5: [{'username': 'alice', 'content': 'mine'}]}, 'retweets': {}, 'following_list': ['bob'], 'tweet_counter': 7}",
    );
    const bad = createTwitterAPI();
    expect(() => bad.loadScenario(PyDict.of({ tweets: PyDict.of({ '1.0': new PyDict() }) }), false)).toThrow(
      "invalid literal for int() with base 10: '1.0'",
    );
  });
});
