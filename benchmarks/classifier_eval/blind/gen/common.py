import random


def I(cat, kinds, text, notes, cx=None, long=False):
    d = {"cat": cat, "kinds": list(kinds), "text": text, "notes": notes, "long": long}
    if cx:
        d["cx"] = cx
    return d


def nss(r):
    """Spanish social security number: PP/NNNNNNNN/CC with CC = (PP NNNNNNNN) mod 97."""
    pp = r.choice([8, 28, 41, 46, 29, 48, 3])
    n = r.randint(10000000, 99999999)
    cc = int(f"{pp:02d}{n:08d}") % 97
    return f"{pp:02d}/{n:08d}/{cc:02d}"


def de_idcard(r):
    al = "CFGHJKLMNPRTVWXYZ"
    return r.choice("LMNPRTVWXY") + "".join(r.choice(al + "0123456789") for _ in range(8))


def nie_broken(r):
    from ids import nie, _DNI
    good = nie(r)
    return good[:-1] + r.choice([c for c in _DNI if c != good[-1]])
