"""Special categories of personal data and financial distress, as lexicons per language.

A fact about a named private person is personal data of the most protected kind when it
tells their health (physical and mental conditions, addictions, treatments and care
settings, pregnancy and birth, disabilities and their aids), their sexual orientation or
gender identity, their religion, trade-union membership or political opinion (GDPR art.
9), their criminal record or proceedings, prison and release (art. 10), their immigration
or residence status (undocumented, a tolerated stay, an asylum claim, a residence permit:
a fact that exposes them to removal as surely as a record does), or their money trouble
(debts, arrears, insolvency, benefits, a garnished wage). ``personal.find_personal`` pairs these
facts with its person cues (a name, an honorific and a surname, a date of birth, a
contact): a fact alone ("what are the symptoms of ALS?") is a general question.

Each lexicon is one category in one language (English, German, French, Spanish), written
from general knowledge of how each language speaks of the category, with its inflections
and, for German, its common compounds spelled out. Terms take three forms, each found
without scanning the text once per term:

- **words**: one token as ``personal._Index`` writes it (lower case, a non-ASCII letter as
  ``?``); the prompt's words are intersected with all of them at once (a set lookup);
- **phrases**: several words ("concurso de acreedores", "hormone therapy"), looked for
  (one ``bytes.find`` of the words in a row) only where every longer word of the phrase
  is among the prompt's words;
- **stems**: parts of compounds ("sucht" in "Spielsucht", "schulden" in "Mietschulden"),
  looked for with ``bytes.find`` in a short prompt only.

Acronyms that are also common words in another language ("ALS" is German for "as",
"ELA", "MS") count only written in capitals.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

HEALTH = "health"
"""Facts that make a prompt hold health data (``PiiKind.HEALTH``) about the person."""
PRIVATE = "private"
"""Other special-category facts and money trouble: personal data about the named person."""


@dataclass(frozen=True, slots=True)
class Lexicon:
    """One category in one language: ``terms`` (a word or several), ``stems`` (compound
    parts, for short prompts) and ``acronyms`` (case-sensitive whole words)."""

    category: str
    lang: str
    kind: str
    terms: tuple[str, ...]
    stems: tuple[str, ...] = ()
    acronyms: tuple[str, ...] = ()


def _t(text: str) -> tuple[str, ...]:
    """Terms separated by commas; a phrase may wrap onto the next line."""
    return tuple(" ".join(t.split()) for t in text.split(",") if t.strip())


LEXICONS: tuple[Lexicon, ...] = (
    # -- physical conditions ---------------------------------------------------------------
    Lexicon(
        "physical",
        "en",
        HEALTH,
        _t("""
        diabetes, diabetic, type 1 diabetes, type 2 diabetes, insulin, insulin pump, cancer,
        tumour, tumor, leukaemia, leukemia, lymphoma, melanoma, breast cancer, chemo,
        chemotherapy, radiotherapy, heart attack, heart failure, heart condition, pacemaker,
        stroke, epilepsy, epileptic, seizures, multiple sclerosis, motor neurone motor neuron disease, amyotrophic, muscular dystrophy, parkinson, parkinsons,
        alzheimer, alzheimers, huntington, cystic fibrosis, hiv, hiv-positive, hepatitis,
        cirrhosis, crohn, crohns, colitis, coeliac, celiac, endometriosis, pcos, lupus,
        fibromyalgia, arthritis, long covid, chronic fatigue, chronic chronic pain,
        kidney failure, liver failure, dialysis, transplant, hysterectomy, mastectomy,
        hip replacement, knee replacement, slipped disc, herniated disc, asthma, copd,
        tinnitus, migraines, diagnosed, diagnosis, terminally ill, terminal illness,
        brain tumour, brain injury, concussion, sick leave, sick note, signed off sick,
        off sick, fit note, occupational health, phased return, graduated return,
        illness, disease, surgery, biopsy
    """),
        acronyms=("ALS", "MND", "HIV", "AIDS", "COPD", "IBS", "PCOS", "CFS"),
    ),
    Lexicon(
        "physical",
        "de",
        HEALTH,
        _t("""
        diabetes, diabetiker, diabetikerin, typ-1-diabetes, typ-2-diabetes, zuckerkrank,
        zuckerkrankheit, insulin, insulinpumpe, krebs, krebserkrankung, brustkrebs,
        darmkrebs, lungenkrebs, hautkrebs, prostatakrebs, tumor, hirntumor, leukämie,
        lymphom, chemo, chemotherapie, bestrahlung, strahlentherapie, herzinfarkt,
        herzschwäche, herzinsuffizienz, herzschrittmacher, schlaganfall, epilepsie,
        epileptiker, epileptikerin, anfälle, multiple sklerose, lateralsklerose,
        muskeldystrophie, parkinson, alzheimer, mukoviszidose, hiv-positiv, hepatitis,
        leberzirrhose, morbus crohn, colitis, zöliakie, endometriose, rheuma, arthrose,
        fibromyalgie, long-covid, post-covid, chronisch krank, chronische schmerzen,
        nierenversagen, dialyse, transplantation, bandscheibenvorfall,
        asthma, migräne, diagnose, diagnostiziert, erkrankt, erkrankung, krankheit,
        krankgeschrieben, krankmeldung, krankschreibung, arbeitsunfähig,
        arbeitsunfähigkeit, au-bescheinigung, krankenstand, wiedereingliederung,
        stufenweise wiedereingliederung, hamburger modell, operiert, operation am,
        unheilbar, todkrank, biopsie
    """),
        stems=("krebs", "diabet", "tumor", "infarkt", "sklerose", "epilep", "krank"),
        acronyms=("ALS", "HIV", "AIDS", "COPD"),
    ),
    Lexicon(
        "physical",
        "fr",
        HEALTH,
        _t("""
        diabète, diabétique, diabète de type 1, diabète de type 2, insuline,
        pompe à insuline, cancer, cancer du sein, tumeur, leucémie, lymphome, chimio,
        chimiothérapie, radiothérapie, crise cardiaque, infarctus, insuffisance cardiaque,
        pacemaker, stimulateur cardiaque, avc, accident vasculaire, épilepsie, épileptique,
        sclérose en plaques, maladie de charcot, sclérose latérale, myopathie, parkinson,
        alzheimer, mucoviscidose, séropositif, séropositive, sida, hépatite, cirrhose,
        maladie de crohn, cœliaque, coeliaque, endométriose, polyarthrite, arthrose,
        fibromyalgie, covid long, maladie chronique, douleurs chroniques,
        insuffisance rénale, dialyse, greffé, greffée, hernie discale, asthme,
        migraines, diagnostic, diagnostiqué, diagnostiquée, atteint d'un, atteinte d'un,
        atteint d'une, atteinte d'une, atteint de la, atteinte de la, maladie, malade,
        arrêt maladie, arrêt de travail, mi-temps thérapeutique, temps partiel
        thérapeutique, opéré, opérée, biopsie, en phase terminale
    """),
        acronyms=("VIH", "SIDA", "AVC", "BPCO"),
    ),
    Lexicon(
        "physical",
        "es",
        HEALTH,
        _t("""
        diabetes, diabético, diabética, diabetes tipo 1, diabetes tipo 2, insulina,
        bomba de insulina, cáncer, cáncer de mama, tumor, leucemia, linfoma, quimio,
        quimioterapia, radioterapia, tratamiento oncológico, oncológico, oncológica,
        infarto, ataque al corazón, insuficiencia cardiaca, insuficiencia cardíaca,
        marcapasos, ictus, epilepsia, epiléptico, epiléptica, esclerosis múltiple,
        esclerosis lateral, distrofia muscular, párkinson, parkinson, alzhéimer, alzheimer,
        fibrosis quística, seropositivo, seropositiva, sida, hepatitis, cirrosis,
        enfermedad de crohn, celíaco, celíaca, celiaquía, endometriosis, artritis,
        artrosis, fibromialgia, covid persistente, enfermedad crónica, dolor crónico,
        insuficiencia renal, diálisis, trasplante, trasplantado, trasplantada,
        hernia discal, asma, migrañas, diagnóstico, diagnosticado, diagnosticada,
        enfermedad, enfermo, enferma, baja médica, baja laboral,
        incapacidad temporal, reincorporación progresiva, operado, operada, biopsia,
        enfermo terminal, enferma terminal,
        está de baja, sigue de baja, estar de baja
    """),
        acronyms=("ELA", "VIH", "SIDA", "EPOC"),
    ),
    # -- mental health ---------------------------------------------------------------------
    Lexicon(
        "mental",
        "en",
        HEALTH,
        _t("""
        depression, depressed, depressive, anxiety, anxiety disorder, panic attacks,
        burnout, burn-out, burned out, burnt out, nervous breakdown, breakdown at work,
        work-related stress, stress-related, signed off with stress, off with stress,
        mental health issues, mental health problems, mental illness, mental health crisis,
        bipolar, schizophrenia, schizophrenic, psychosis, psychotic, ptsd, ocd,
        eating disorder, anorexia, anorexic, bulimia, bulimic, binge eating, suicidal,
        suicide attempt, attempted suicide, self-harm, self harm, self-harming, psychiatric,
        psychiatric ward, sectioned, psychiatrist, therapist, therapy, counselling for,
        antidepressants, adhd, autism, autistic, dementia, personality disorder
    """),
        acronyms=("PTSD", "OCD", "ADHD"),
    ),
    Lexicon(
        "mental",
        "de",
        HEALTH,
        _t("""
        depression, depressionen, depressiv, angststörung, angstzustände, panikattacken,
        burnout, burn-out, erschöpfungsdepression, nervenzusammenbruch, psychisch krank,
        psychische erkrankung, psychische probleme, bipolar, bipolare störung,
        schizophrenie, schizophren, psychose, psychotisch, ptbs, zwangsstörung,
        essstörung, essstörungen, magersucht, magersüchtig, bulimie, ess-brech-sucht,
        binge-eating, suizidal, suizidgefährdet, suizidversuch, selbstmordversuch,
        selbstverletzung, selbstverletzendes, psychiatrie, psychiatrisch, psychiatrische,
        psychiater, psychiaterin, psychotherapie, psychotherapeut, psychotherapeutin,
        psychosomatisch, psychosomatische, traumatherapie, antidepressiva, adhs, autismus,
        autist, autistin, demenz, dement, borderline
    """),
        stems=(
            "psychiatr",
            "psychotherap",
            "psychosomat",
            "depress",
            "magersucht",
            "essstörung",
            "angststörung",
            "zwangsstörung",
        ),
        acronyms=("ADHS", "PTBS"),
    ),
    Lexicon(
        "mental",
        "fr",
        HEALTH,
        _t("""
        dépression, dépressif, dépressive, déprime, anxiété, trouble anxieux,
        crises d'angoisse, attaques de panique, burn-out, burnout, épuisement professionnel,
        dépression nerveuse, troubles psychiques, maladie mentale, trouble bipolaire,
        bipolaire, schizophrénie, schizophrène, psychose, psychotique, stress
        post-traumatique, trouble obsessionnel, troubles alimentaires,
        trouble du comportement alimentaire, anorexie, anorexique, anorexie mentale,
        boulimie, boulimique, hyperphagie, suicidaire, tentative de suicide,
        automutilation, se scarifie, psychiatrie, psychiatrique, hôpital psychiatrique,
        psychiatre, psychologue, psychothérapie, antidépresseurs, tdah, autisme, autiste,
        démence, trouble de la personnalité
    """),
        acronyms=("TDAH", "TSPT"),
    ),
    Lexicon(
        "mental",
        "es",
        HEALTH,
        _t("""
        depresión, deprimido, deprimida, depresivo, depresiva, ansiedad,
        trastorno de ansiedad, ataques de pánico, ataques de ansiedad, burnout,
        síndrome de burnout, trabajador quemado, crisis nerviosa, problemas de salud mental,
        enfermedad mental, trastorno mental, trastorno bipolar, bipolar, esquizofrenia,
        esquizofrénico, esquizofrénica, psicosis, psicótico, estrés postraumático,
        trastorno obsesivo, trastorno alimentario, trastorno de la conducta alimentaria,
        anorexia, anoréxico, anoréxica, bulimia, bulímico, bulímica, atracones, suicida,
        intento de suicidio, autolesiones, se autolesiona, psiquiatría, psiquiátrico,
        psiquiátrica, psiquiatra, psicólogo, psicóloga, psicoterapia, antidepresivos, tdah,
        autismo, autista, demencia, trastorno de personalidad
    """),
        acronyms=("TDAH", "TEPT"),
    ),
    # -- addictions ------------------------------------------------------------------------
    Lexicon(
        "addiction",
        "en",
        HEALTH,
        _t("""
        addiction, addicted, addict, alcoholic, alcoholism, alcohol dependence, rehab,
        residential rehab, detox, relapse, relapsed, sobriety, recovering alcoholic,
        alcoholics anonymous, narcotics anonymous, aa meetings, gambling addiction,
        problem gambling, compulsive gambler, heroin, cocaine, crack cocaine,
        methamphetamine, methadone, substance abuse, drug abuse, drug problem,
        drinking problem, overdose, overdosed, opioid addiction
    """),
    ),
    Lexicon(
        "addiction",
        "de",
        HEALTH,
        _t("""
        süchtig, abhängig von, alkoholsucht, alkoholsüchtig, alkoholabhängig,
        alkoholabhängigkeit, alkoholkrank, alkoholiker, alkoholikerin, drogensucht,
        drogenabhängig, drogenabhängigkeit, kokain, kokainsucht, heroin, crystal meth,
        spielsucht, spielsüchtig, glücksspielsucht, medikamentensucht, entzug, entgiftung,
        entzugsklinik, suchtklinik, suchtberatung, suchttherapie, rückfall, rückfällig,
        anonyme alkoholiker, methadon, überdosis
    """),
        stems=(
            "alkoholsucht",
            "spielsucht",
            "drogensucht",
            "suchtklinik",
            "suchtkrank",
            "alkoholabh",
            "alkoholkrank",
            "drogenabh",
        ),
    ),
    Lexicon(
        "addiction",
        "fr",
        HEALTH,
        _t("""
        addiction, addict, accro à, dépendance à, dépendant à, alcoolique, alcoolisme,
        toxicomane, toxicomanie, cocaïne, héroïne, crack, sevrage, cure de désintoxication,
        désintoxication, centre de désintoxication, rechute, alcooliques anonymes,
        addiction aux jeux, joueur compulsif, méthadone, overdose, surdose
    """),
    ),
    Lexicon(
        "addiction",
        "es",
        HEALTH,
        _t("""
        adicción, adicto, adicta, alcohólico, alcohólica, alcoholismo, drogadicto,
        drogadicta, drogadicción, cocaína, heroína, desintoxicación,
        centro de desintoxicación, rehabilitación, recaída, alcohólicos anónimos,
        ludopatía, ludópata, metadona, sobredosis
    """),
    ),
    # -- treatments and care settings ------------------------------------------------------
    Lexicon(
        "care",
        "en",
        HEALTH,
        _t("""
        in hospital, admitted to hospital, hospitalised, hospitalized, intensive care,
        icu, emergency room, inpatient, outpatient, hospice, palliative care,
        care home, nursing home, psychiatric clinic, rehab clinic,
        physiotherapy, radiotherapy, chemotherapy, blood transfusion, transfusion,
        under treatment, in treatment, receiving treatment, treated for, being treated,
        on medication, prescribed, hormone therapy, hormone treatment, ivf, fertility
        treatment, operation on, had surgery
    """),
        acronyms=("ICU",),
    ),
    Lexicon(
        "care",
        "de",
        HEALTH,
        _t("""
        krankenhaus, im krankenhaus, klinik, kliniken, in der klinik, klinikaufenthalt,
        stationär, intensivstation, notaufnahme, notoperation, reha, rehaklinik,
        psychiatrische klinik, tagesklinik, pflegeheim, altenheim, hospiz,
        palliativstation, palliativ, pflegegrad, pflegestufe, pflegebedürftig,
        physiotherapie, bluttransfusion, in behandlung, behandelt wegen, medikamente,
        hormontherapie, hormonbehandlung, künstliche befruchtung, kinderwunschbehandlung
    """),
        stems=(
            "klinik",
            "krankenhaus",
            "intensivstation",
            "pflegeheim",
            "therapie",
            "hormonbehandl",
        ),
    ),
    Lexicon(
        "care",
        "fr",
        HEALTH,
        _t("""
        à l'hôpital, hospitalisé, hospitalisée, hospitalisation, urgences, réanimation,
        soins intensifs, clinique, en clinique, ehpad, maison de retraite, soins palliatifs,
        centre de rééducation, rééducation, kinésithérapie, kiné, transfusion,
        sous traitement, en traitement, traitement hormonal, hormonothérapie, fiv, pma, procréation médicalement assistée,
        est suivi pour un, est suivie pour un, est suivi pour une, est suivie pour une,
        soigné pour, soignée pour
    """),
    ),
    Lexicon(
        "care",
        "es",
        HEALTH,
        _t("""
        en el hospital, ingresado, ingresada, hospitalizado, hospitalizada, urgencias,
        cuidados intensivos, uci, clínica, en una clínica, residencia de mayores,
        cuidados paliativos, centro de rehabilitación, fisioterapia, transfusión,
        en tratamiento, recibe tratamiento, terapia hormonal,
        tratamiento hormonal, fecundación in vitro, reproducción asistida
    """),
        acronyms=("UCI",),
    ),
    # -- pregnancy and birth ---------------------------------------------------------------
    Lexicon(
        "pregnancy",
        "en",
        HEALTH,
        _t("""
        pregnant, pregnancy, expecting a baby, gave birth, given birth, premature baby, born prematurely, preterm, nicu, neonatal, neonatal intensive care,
        special care baby unit, maternity leave, miscarriage, miscarried, stillbirth,
        stillborn, c-section, caesarean, cesarean, postnatal depression, postpartum,
        breastfeeding, termination of pregnancy, abortion, ivf
    """),
        acronyms=("NICU",),
    ),
    Lexicon(
        "pregnancy",
        "de",
        HEALTH,
        _t("""
        schwanger, schwangerschaft, schwangere, entbunden, entbindung, frühgeburt,
        frühchen, zu früh geboren, neonatologie, frühgeborenen-intensivstation,
        mutterschutz, kaiserschnitt, fehlgeburt, totgeburt, wochenbett,
        wochenbettdepression, stillt, schwangerschaftsabbruch, abtreibung
    """),
        stems=("schwanger", "frühgeb", "fehlgeb", "entbind"),
    ),
    Lexicon(
        "pregnancy",
        "fr",
        HEALTH,
        _t("""
        enceinte, grossesse, accouché, accouchée, accouchement, né prématurément, néonatal, néonatale, néonatologie, réanimation néonatale,
        congé maternité, césarienne, fausse couche, fausse-couche, mort-né, post-partum,
        dépression post-partum, allaite, allaitement, ivg, interruption de grossesse,
        avortement,
        bébé prématuré, né prématuré, née prématurée, grand prématuré
    """),
    ),
    Lexicon(
        "pregnancy",
        "es",
        HEALTH,
        _t("""
        embarazada, embarazo, dado a luz, dio a luz, ha dado a luz, parto, neonatal, uci neonatal, neonatología,
        baja por maternidad, baja maternal, permiso de maternidad, cesárea,
        aborto espontáneo, aborto, posparto, depresión posparto, lactancia,
        interrupción del embarazo,
        bebé prematuro, nació prematuro, nació prematura, gran prematuro
    """),
    ),
    # -- disability and aids ---------------------------------------------------------------
    Lexicon(
        "disability",
        "en",
        HEALTH,
        _t("""
        wheelchair, wheelchair user, disability, learning disability, paralysed,
        paralyzed, paraplegic, tetraplegic, quadriplegic, amputee, amputated, prosthesis,
        prosthetic leg, visually impaired, partially sighted, registered blind, deaf,
        hard of hearing, hearing aid, hearing aids, cochlear implant, guide dog,
        mobility scooter, walking frame, crutches, down syndrome, downs syndrome,
        cerebral palsy, spina bifida, blue badge
    """),
    ),
    Lexicon(
        "disability",
        "de",
        HEALTH,
        _t("""
        rollstuhl, rollstuhlfahrer, rollstuhlfahrerin, im rollstuhl, behindert,
        behinderung, schwerbehindert, schwerbehinderung, schwerbehindertenausweis,
        grad der behinderung, querschnittsgelähmt, querschnittslähmung, gelähmt, lähmung,
        amputiert, amputation, prothese, beinprothese, erblindet, sehbehindert,
        gehörlos, schwerhörig, hörgerät, hörgeräte, cochlea-implantat, blindenhund,
        rollator, krücken, down-syndrom, trisomie, zerebralparese, spastik,
        lernbehinderung
    """),
        stems=(
            "rollstuhl",
            "behindert",
            "behinderung",
            "gelähmt",
            "lähmung",
            "hörgerät",
            "prothese",
        ),
    ),
    Lexicon(
        "disability",
        "fr",
        HEALTH,
        _t("""
        fauteuil roulant, en fauteuil, handicapé, handicapée, handicap, en situation de
        handicap, paralysé, paralysée, paraplégique, tétraplégique, amputé, amputée,
        prothèse, aveugle, malvoyant, malvoyante, sourd, sourde, malentendant,
        malentendante, appareil auditif, appareils auditifs, implant cochléaire,
        chien guide, chien d'aveugle, déambulateur, béquilles, trisomie, trisomique,
        infirmité motrice cérébrale, paralysie cérébrale, mdph, rqth, aah
    """),
        acronyms=("MDPH", "RQTH", "AAH"),
    ),
    Lexicon(
        "disability",
        "es",
        HEALTH,
        _t("""
        silla de ruedas, en silla de ruedas, discapacidad, discapacitado, discapacitada,
        minusválido, minusválida, parapléjico, parapléjica, tetrapléjico, tetrapléjica,
        paralizado, paralizada, amputado, amputada, prótesis, ciego, ciega, invidente,
        sordo, sorda, audífono, audífonos, implante coclear, perro guía, andador,
        muletas, grado de discapacidad, certificado de discapacidad, grado de dependencia,
        síndrome de down, parálisis cerebral
    """),
    ),
    # -- sexual orientation and gender identity --------------------------------------------
    Lexicon(
        "orientation",
        "en",
        PRIVATE,
        _t("""
        transgender, trans woman, trans man, non-binary, nonbinary, gender reassignment,
        gender transition, transitioning, gender dysphoria, deadname, gay, lesbian, bisexual, homosexual, sexual orientation,
        came out as, coming out as,
        his husband, his boyfriend, her wife, her girlfriend, isn't out, not out at work,
        closeted
    """),
    ),
    Lexicon(
        "orientation",
        "de",
        PRIVATE,
        _t("""
        transgender, transident, transsexuell, transfrau, transmann, nichtbinär,
        nicht-binär, geschlechtsangleichung, geschlechtsangleichende, geschlechtsumwandlung,
        schwul, lesbisch, bisexuell, homosexuell, coming-out, geoutet,
        sexuelle orientierung,
        sein ehemann, seinem ehemann, seines ehemanns, ihre ehefrau, ihrer ehefrau,
        nicht geoutet, ungeoutet
    """),
    ),
    Lexicon(
        "orientation",
        "fr",
        PRIVATE,
        _t("""
        transgenre, transsexuel, transsexuelle, femme trans, homme trans, non binaire,
        non-binaire, transition de genre, changement de sexe, dysphorie de genre,
        homosexuel, homosexuelle, lesbienne, bisexuel, bisexuelle, orientation sexuelle, son nouveau prénom,
        son coming out, fait son coming out,
        pas out au travail, n'est pas out, pas encore out
    """),
    ),
    Lexicon(
        "orientation",
        "es",
        PRIVATE,
        _t("""
        transgénero, transexual, mujer trans, hombre trans, no binario, no binaria,
        cambio de sexo, reasignación de sexo, transición de género, disforia de género,
        homosexual, lesbiana, bisexual, salió del armario, orientación sexual,
        su nuevo nombre,
        no ha salido del armario, no está fuera del armario
    """),
    ),
    # -- religion --------------------------------------------------------------------------
    Lexicon(
        "religion",
        "en",
        PRIVATE,
        _t("""
        muslim, jewish, catholic, protestant, evangelical, hindu, sikh, buddhist, atheist,
        adventist, seventh-day adventist, baptist, methodist, pentecostal, quaker,
        mennonite, lutheran, anglican, latter-day saint,
        converted to islam, jehovah's witness, jehovahs witness, mormon,
        practising muslim, practising catholic, wears a hijab, hijab, kippah,
        yarmulke, turban, ramadan, fasting for ramadan, halal diet, religious beliefs,
        shabbat, sabbath, keeps the sabbath, keeps kosher, eats kosher, only eats kosher,
        only kosher, eats halal, only eats halal, only halal
    """),
    ),
    Lexicon(
        "religion",
        "de",
        PRIVATE,
        _t("""
        muslim, muslima, muslimin, muslimisch, jüdisch, jude, jüdin, katholisch,
        evangelisch, freikirche, freikirchlich, hinduistisch, hindu, sikh, buddhist,
        adventist, adventistin, siebenten-tags-adventist, baptist, baptistin, methodist,
        methodistin, mennonit, mennonitin, neuapostolisch, pfingstler, pfingstlerin,
        buddhistin, atheist, atheistin, konvertiert, konvertierte, zeugen jehovas,
        zeugin jehovas, kirchenaustritt, kopftuch, kippa, ramadan, fastet, religiöse überzeugung, glaubensgemeinschaft,
        schabbat, sabbat, hält den sabbat, isst koscher, nur koscher, koscher essen,
        isst halal, nur halal
    """),
    ),
    Lexicon(
        "religion",
        "fr",
        PRIVATE,
        _t("""
        musulman, musulmane, juif, juive, catholique, protestant, protestante,
        évangélique, hindou, hindoue, sikh, bouddhiste, athée, adventiste, baptiste,
        méthodiste, pentecôtiste, mennonite, luthérien, luthérienne, converti à l'islam, convertie à l'islam, témoin de jéhovah, témoins de jéhovah,
        pratiquant, pratiquante, porte le voile, voilée, kippa, ramadan, fait le ramadan,
        croyances religieuses,
        shabbat, sabbat, respecte le shabbat, mange casher, mange kasher, que casher,
        que kasher, mange halal, que halal
    """),
    ),
    Lexicon(
        "religion",
        "es",
        PRIVATE,
        _t("""
        musulmán, musulmana, judío, judía, católico, católica, evangélico, evangélica,
        protestante, hindú, sij, budista, ateo, atea, adventista, bautista, metodista,
        pentecostal, menonita, luterano, luterana, converso, conversa, se convirtió al islam, testigo de jehová, testigos de jehová,
        lleva hiyab, hiyab, velo islámico, kipá, ramadán, hace el ramadán,
        creencias religiosas,
        shabat, sabbat, sábado judío, guarda el sabbat, come kosher, solo kosher,
        come halal, solo halal
    """),
    ),
    # -- trade-union membership ------------------------------------------------------------
    Lexicon(
        "union",
        "en",
        PRIVATE,
        _t("""
        trade union, union member, union membership, union rep, union representative,
        shop steward, unionised, unionized, joined the union, member of unite,
        member of unison, joined unite, joined unison, joined the gmb, joined the rmt,
        is in the union, in a union, union dues, union card, is in unison, member of the union,
        union steward, union facility time, union duties, union convenor
    """),
        acronyms=("GMB", "RMT", "USDAW", "NEU", "SEIU", "UAW", "TUC"),
    ),
    Lexicon(
        "union",
        "de",
        PRIVATE,
        _t("""
        gewerkschaftsmitglied, gewerkschafter, gewerkschafterin,
        gewerkschaftlich, betriebsrätin, betriebsratsmitglied, vertrauensmann,
        vertrauensfrau, mitglied bei verdi, ig metall, ver.di, bei verdi, ig bce, ig bau,
        vertrauensleute, vertrauensleutekörper, gewerkschaft beigetreten,
        im betriebsrat, betriebsratsarbeit, freigestellter betriebsrat, gewerkschaftliche
        vertrauensfrau,
        in der gewerkschaft, gewerkschaftsbeitrag, gewerkschaftsausweis, ist bei verdi,
        ist in der ig metall
    """),
        acronyms=("GEW", "NGG", "EVG", "DGB"),
        stems=("gewerkschaftsmitglied", "gewerkschafter"),
    ),
    Lexicon(
        "union",
        "fr",
        PRIVATE,
        _t("""
        syndiqué, syndiquée, syndicaliste, délégué syndical, déléguée syndicale,
        adhérent de la cgt, adhérente de la cgt, représentant du personnel,
        représentante du personnel,
        membre du syndicat, adhérent du syndicat, adhérente du syndicat, adhéré à la cgt,
        adhérer à la cgt, adhérer au syndicat, adhéré au syndicat, force ouvrière,
        au syndicat, carte syndicale, cotisation syndicale, est à la cgt, est à la cfdt,
        heures de délégation, mandat syndical, délégué du personnel, déléguée du personnel,
        élu du cse, élue du cse, représentant syndical, représentante syndicale
    """),
        acronyms=("CGT", "CFDT", "CFTC", "UNSA", "FSU", "FO", "SUD"),
    ),
    Lexicon(
        "union",
        "es",
        PRIVATE,
        _t("""
        sindicalista, afiliado al sindicato, afiliada al sindicato,
        delegado sindical, delegada sindical, comité de empresa, afiliado a ccoo,
        afiliada a ccoo, afiliado a ugt, afiliada a ugt, comisiones obreras,
        se ha afiliado, se afilió,
        en el sindicato, cuota sindical, carnet sindical, está en ccoo, está en ugt,
        horas sindicales, liberado sindical, liberada sindical, representante sindical
    """),
        acronyms=("CCOO", "UGT", "CGT", "USO", "CSIF"),
    ),
    # -- political opinion -----------------------------------------------------------------
    Lexicon(
        "politics",
        "en",
        PRIVATE,
        _t("""
        party member, member of the labour party, member of the conservative party,
        political views, political opinions, far-right, far-left,
        extremist views, communist, card-carrying, party card, party membership,
        paid-up member, joined the party, votes green, votes labour, votes tory,
        votes conservative, votes reform, green party member, labour member, tory member,
        leafleting, canvassing for, canvasses for
    """),
    ),
    Lexicon(
        "politics",
        "de",
        PRIVATE,
        _t("""
        parteimitglied, parteimitgliedschaft, wählt die, wählt immer,
        politische einstellung, politische ansichten, rechtsextrem, rechtsradikal,
        linksextrem, linksradikal, kommunist, kommunistin, aktivist, aktivistin,
        parteibuch, mitglied der partei, mitglied der spd, mitglied der cdu,
        mitglied der afd, mitglied der grünen, mitglied der linken, mitglied der fdp,
        wählt grün, wählt afd, wählt spd, wählt cdu, verteilt flugblätter, flugblätter für,
        afd-mitglied, spd-mitglied, cdu-mitglied, csu-mitglied, fdp-mitglied, bsw-mitglied,
        grünen-mitglied, linken-mitglied, parteibuch der
    """),
        stems=("parteimitglied", "parteibuch"),
    ),
    Lexicon(
        "politics",
        "fr",
        PRIVATE,
        _t("""
        militant, militante, adhérent du parti, adhérente du parti, encarté, encartée,
        opinions politiques, convictions politiques,
        extrême droite, extrême gauche, communiste, activiste, carte du parti,
        membre du parti, vote écolo, distribue des tracts, tracts pour
    """),
    ),
    Lexicon(
        "politics",
        "es",
        PRIVATE,
        _t("""
        afiliado al partido, afiliada al partido, militante del, militante de,
        ideas políticas, ideología política, opiniones políticas,
        extrema derecha, extrema izquierda, comunista, activista, carné del partido,
        carnet del partido, miembro del partido, reparte propaganda, reparte panfletos
    """),
    ),
    # -- criminal record and proceedings ---------------------------------------------------
    Lexicon(
        "criminal",
        "en",
        PRIVATE,
        _t("""
        criminal record, previous convictions, convicted, conviction for, arrested,
        was arrested, pleaded guilty, on probation, probation officer,
        on parole, released from prison, in prison, prison sentence, jail,
        jailed, imprisoned, custodial sentence, suspended sentence, community service,
        police caution, restraining order, shoplifting, drink-driving, drink driving,
        drunk driving, driving ban, banned from driving, court case against,
        served time, served a sentence, months for fraud, years for fraud, convicted of,
        sentenced to, jailed for, for fraud, for theft, for burglary, for assault,
        ex-offender, ex-prisoner, ex-convict, out of prison, out of jail, gets out of prison,
        due out of prison, released on licence, out on licence, on licence, early release,
        parole board, electronic tag, for dealing, for drug dealing, for possession,
        years inside, months inside
    """),
    ),
    Lexicon(
        "criminal",
        "de",
        PRIVATE,
        _t("""
        vorstrafe, vorstrafen, vorbestraft, verhaftet, festgenommen, verurteilt,
        verurteilung, gefängnis, im gefängnis, haft, haftstrafe, in haft, bewährung,
        bewährungsstrafe, bewährungshelfer, bewährungshelferin, strafverfahren,
        ermittlungsverfahren, angeklagt, anklage, strafbefehl, ladendiebstahl,
        trunkenheit am steuer, führerschein entzogen, fahrverbot, sozialstunden,
        kontaktverbot, einstweilige verfügung,
        wegen betrugs, wegen diebstahls, wegen körperverletzung, strafe abgesessen,
        abgesessen, saß im gefängnis, haftentlassen, aus der haft entlassen, haftentlassung,
        knast, im knast, aus dem knast, aus dem gefängnis, vorzeitige entlassung, fußfessel,
        offener vollzug, freigänger, justizvollzugsanstalt, wegen drogenhandels,
        wegen dealens, sitzt ein, saß ein
    """),
        stems=("vorstraf", "vorbestraf", "gefängnis", "haftstraf", "haftentlass"),
        acronyms=("JVA",),
    ),
    Lexicon(
        "criminal",
        "fr",
        PRIVATE,
        _t("""
        casier judiciaire, condamné, condamnée, condamnation, condamnations, interpellé,
        interpellée,
        garde à vue, en prison, prison, incarcéré, incarcérée, sursis,
        mis en examen, mise en examen, contrôle judiciaire, mise à l'épreuve,
        vol à l'étalage, conduite en état d'ivresse, retrait de permis,
        travaux d'intérêt général, ordonnance de protection,
        pour escroquerie, pour fraude, pour vol, a purgé, purgé une peine, sorti de prison,
        condamné pour, condamnée pour, sort de prison, sortie de prison, sorti de taule,
        libéré de prison, libération conditionnelle, bracelet électronique, détenu, détenue,
        maison d'arrêt, centre pénitentiaire, prison ferme, pour trafic, pour le trafic,
        pour trafic de stupéfiants, pris deux ans, pris trois ans, pris un an, pris cinq ans,
        pris six mois, taule, en taule
    """),
        acronyms=("SPIP",),
    ),
    Lexicon(
        "criminal",
        "es",
        PRIVATE,
        _t("""
        antecedentes penales, detenido, detenida, condenado, condenada, condena por, cárcel, en prisión, prisión, encarcelado, encarcelada, libertad condicional,
        orden de alejamiento, imputado, imputada, investigado por, investigada por,
        hurto, conducir ebrio, alcoholemia, retirada del carné, trabajos en beneficio de
        la comunidad,
        por estafa, por fraude, por robo, cumplió condena, salió de prisión,
        condenado por, condenada por, sale de prisión, sale de la cárcel, salió de la cárcel,
        tercer grado, permiso penitenciario, pulsera telemática, centro penitenciario,
        recluso, reclusa, por tráfico de drogas, por tráfico, por trapicheo, talego, trullo
    """),
    ),
    # -- genetic and biometric data (art. 9) ------------------------------------------------
    Lexicon(
        "genetic",
        "en",
        HEALTH,
        _t("""
        genetic test, genetic testing, genetic panel, genetic result, genetic results,
        genetic screening, gene panel, gene test, dna test, dna results, paternity test,
        paternity result, maternity test, biological father, biological mother,
        not the biological father, not the father, carrier of, carrier status,
        gene mutation, genetic mutation, genetic condition, genetic disorder,
        hereditary condition, inherited condition, genome sequencing, brca-positive,
        brca1-positive, brca2-positive, tested positive for the gene
    """),
        acronyms=("BRCA", "BRCA1", "BRCA2", "HNPCC"),
    ),
    Lexicon(
        "genetic",
        "de",
        HEALTH,
        _t("""
        gentest, gentests, genetischer test, genetische untersuchung, genetisches testergebnis,
        genanalyse, vaterschaftstest, vaterschaftsgutachten, abstammungsgutachten,
        abstammungstest, dna-test, dna-tests, dna-analyse, vaterschaftstests,
        nicht der vater, nicht der leibliche vater, biologische vater, biologischer vater, leibliche vater,
        leiblicher vater, biologische mutter, leibliche mutter, genmutation, genetische
        mutation, erbkrankheit, erbliche vorbelastung, trägerin, träger des gens
    """),
        stems=("vaterschaftstest", "gentest", "genmutation", "erbkrankheit", "abstammungs"),
    ),
    Lexicon(
        "genetic",
        "fr",
        HEALTH,
        _t("""
        test génétique, tests génétiques, analyse génétique, dépistage génétique,
        test de paternité, test adn, test d'adn, père biologique, mère biologique,
        n'est pas le père, mutation génétique, maladie génétique, maladie héréditaire,
        porteuse du gène, porteur du gène, séquençage du génome
    """),
    ),
    Lexicon(
        "genetic",
        "es",
        HEALTH,
        _t("""
        prueba genética, pruebas genéticas, test genético, análisis genético, estudio genético,
        prueba de paternidad, test de paternidad, prueba de adn, test de adn, padre biológico,
        madre biológica, no es el padre, mutación genética, enfermedad genética,
        enfermedad hereditaria, portadora del gen, portador del gen, secuenciación del genoma
    """),
    ),
    Lexicon(
        "biometric",
        "en",
        PRIVATE,
        _t("""
        fingerprint, fingerprints, fingerprinted, iris scan, iris scans, retina scan,
        retinal scan, face scan, facial recognition, faceprint, voiceprint, palm scan,
        biometric data, biometrics, biometric scan
    """),
    ),
    Lexicon(
        "biometric",
        "de",
        PRIVATE,
        _t("""
        fingerabdruck, fingerabdrücke, fingerabdrücken, irisscan, iris-scan, netzhautscan,
        gesichtserkennung, gesichtsscan, handvenenscan, stimmprofil, biometrische daten,
        biometrie, biometrischen daten
    """),
        stems=("fingerabdr", "gesichtserkennung"),
    ),
    Lexicon(
        "biometric",
        "fr",
        PRIVATE,
        _t("""
        empreinte digitale, empreintes digitales, scan de l'iris, scanner de l'iris,
        reconnaissance faciale, empreinte vocale, données biométriques, biométrie
    """),
    ),
    Lexicon(
        "biometric",
        "es",
        PRIVATE,
        _t("""
        huella dactilar, huellas dactilares, registrado la huella, registrado las huellas,
        tomado la huella, tomaron la huella, escáner de iris,
        escaneo del iris, escaneo de iris, reconocimiento facial, huella de voz,
        datos biométricos, biometría
    """),
    ),
    # -- immigration and residence status --------------------------------------------------
    Lexicon(
        "immigration",
        "en",
        PRIVATE,
        _t("""
        undocumented, illegal immigrant, overstayed, overstayed her visa, overstayed his visa,
        visa overstay, asylum seeker, asylum claim, claimed asylum, refugee status,
        asylum decision, asylum interview, asylum appeal, asylum case, asylum application,
        asylum hearing, waiting on asylum, his asylum, her asylum,
        leave to remain, indefinite leave to remain, right to work, spouse visa,
        visa expired, visa has expired, deportation, deported, facing deportation,
        removal order, immigration status, immigration detention, immigration bail,
        residence permit, biometric residence permit, work permit, no papers,
        visa ran out, visa run out, visa has run out, visa lapsed, visa has lapsed,
        visa expiring, expired visa, permit expired, permit ran out, permit has expired,
        out of status, no right to remain, no leave to remain, without a visa,
        no valid visa, not allowed to work here, report her to immigration,
        report him to immigration
    """),
        acronyms=("BRP", "DACA", "ILR"),
    ),
    Lexicon(
        "immigration",
        "de",
        PRIVATE,
        _t("""
        duldung, geduldet, aufenthaltstitel, aufenthaltserlaubnis, aufenthaltsgenehmigung,
        niederlassungserlaubnis, aufenthaltsstatus, asylantrag, asylbewerber,
        asylbewerberin, asylverfahren, asylsuchend, asylsuchende, abschiebung,
        asylentscheidung, asylanhörung, asylbescheid, asylklage,
        abgeschoben, ausreisepflichtig, illegal aufhältig, ohne papiere, keine
        arbeitserlaubnis, arbeitsverbot, ausländerbehörde, fiktionsbescheinigung,
        visum abgelaufen, abschiebehaft, visum ist abgelaufen, visum läuft ab,
        visum ausgelaufen, ohne visum, kein gültiges visum, ohne aufenthaltsrecht,
        kein aufenthaltsrecht, illegal hier
    """),
        stems=("duldung", "abschieb", "aufenthaltstitel", "aufenthaltserlaubnis"),
    ),
    Lexicon(
        "immigration",
        "fr",
        PRIVATE,
        _t("""
        sans-papiers, sans papiers, titre de séjour, carte de séjour, récépissé,
        obligation de quitter le territoire, demandeur d'asile, demandeuse d'asile,
        demande d'asile, débouté du droit d'asile, déboutée du droit d'asile,
        dossier d'asile, entretien à l'ofpra, recours à la cnda, décision d'asile,
        situation irrégulière, en situation irrégulière, régularisation, expulsé, expulsée,
        expulsion du territoire, autorisation de travail, visa expiré, centre de rétention,
        statut de réfugié, visa a expiré, visa est expiré, visa périmé, sans visa,
        titre de séjour expiré, titre de séjour a expiré, sans titre de séjour,
        peur d'être dénoncé, peur d'être dénoncée
    """),
        acronyms=("OQTF", "CRA"),
    ),
    Lexicon(
        "immigration",
        "es",
        PRIVATE,
        _t("""
        situación irregular, en situación irregular, sin papeles, permiso de residencia,
        tarjeta de residencia, autorización de residencia, arraigo, arraigo social,
        arraigo sociolaboral, arraigo laboral, solicitante de asilo, demandante de asilo,
        solicitud de asilo, entrevista de asilo, expediente de asilo, resolución de asilo,
        protección internacional, orden de expulsión, expulsado, expulsada, deportado,
        deportada, centro de internamiento, regularización, extranjería, permiso de trabajo,
        visado caducado, visado ha caducado, caducó el visado, visado vencido, sin visado,
        visa caducada, visa vencida, se le venció la visa, permiso caducado,
        permiso de residencia caducado, miedo a que la denuncien, miedo a que lo denuncien
    """),
        acronyms=("CIE",),
    ),
    # -- debts, arrears, insolvency, benefits ----------------------------------------------
    Lexicon(
        "finance",
        "en",
        PRIVATE,
        _t("""
        debt, debts, in debt, debt collector, debt collectors, debt collection, bailiff,
        bailiffs, arrears, rent arrears, overdrawn, overdraft, default notice,
        missed repayments, missed payments, behind on payments,
        can't pay, cannot pay, unable to pay, won't be able to pay, bankruptcy, bankrupt,
        insolvency, insolvent, debt relief order, individual voluntary arrangement,
        county court judgment, ccj, repossession, repossessed, foreclosure, evicted,
        eviction, payday loan, food bank, universal credit, jobseeker's allowance,
        housing benefit, on benefits, benefit claimant, food stamps, medicaid,
        unemployed, lost his job, lost her job, lost their job, made redundant,
        wage garnishment, garnished, attachment of earnings, credit score, bad credit,
        on welfare
    """),
        acronyms=("CCJ", "DRO"),
    ),
    Lexicon(
        "finance",
        "de",
        PRIVATE,
        _t("""
        schulden, verschuldet, überschuldet, überschuldung, schuldnerberatung,
        mietschulden, spielschulden, insolvenz, privatinsolvenz, insolvenzverfahren,
        zahlungsunfähig, zahlungsunfähigkeit, pfändung, lohnpfändung, kontopfändung,
        gepfändet, gerichtsvollzieher, mahnungen, mahnbescheid, inkasso, zwangsvollstreckung,
        vermögensauskunft, offenbarungseid, schufa, schufa-eintrag, mietrückstand,
        zahlungsrückstand, rückstände, räumungsklage, zwangsräumung, bürgergeld, hartz,
        hartz iv, sozialhilfe, grundsicherung, arbeitslosengeld, wohngeld, jobcenter,
        arbeitslos, arbeitslosigkeit, pleite
    """),
        stems=("schulden", "insolvenz", "pfändung", "sozialhilfe", "arbeitslos", "bürgergeld"),
    ),
    Lexicon(
        "finance",
        "fr",
        PRIVATE,
        _t("""
        dettes, endetté, endettée, endettement, surendettement, surendetté, surendettée,
        dossier de surendettement, commission de surendettement, huissier,
        saisie sur salaire, saisie sur compte, liquidation judiciaire,
        redressement judiciaire, faillite, impayés, impayé, loyers impayés, découvert,
        fiché à la banque de france, fichée à la banque de france, allocataire,
        minima sociaux, chômage, au chômage, pôle emploi, france travail, restos du cœur,
        banque alimentaire, expulsion, expulsé, expulsée, perdu son emploi, licencié,
        licenciée, ne peut plus payer, ne pourra pas payer, recouvrement, ficp,
        au rsa, bénéficiaire du rsa, touche le rsa, interdit bancaire, interdite bancaire,
        interdits bancaires,
        expulser, menace de l'expulser
    """),
        acronyms=("FICP",),
    ),
    Lexicon(
        "finance",
        "es",
        PRIVATE,
        _t("""
        deuda, deudas, endeudado, endeudada, moroso, morosa, morosos, impago, impagos,
        embargo, embargo de nómina, embargado, embargada, embargo de la cuenta,
        concurso de acreedores, ley de segunda oportunidad, insolvencia, insolvente,
        quiebra, desahucio, desahuciado, desahuciada, en paro, en el paro, desempleado,
        desempleada, subsidio por desempleo, prestación por desempleo,
        ingreso mínimo vital, renta mínima, pensión no contributiva, no contributiva,
        ayuda social, servicios sociales, banco de alimentos, cáritas, asnef,
        fichero de morosos, perdió su trabajo, perdió el trabajo, no podrá pagar,
        no puede pagar, atrasos, recibos devueltos
    """),
        acronyms=("ASNEF", "IMV"),
    ),
)
"""Every lexicon: fifteen categories in four languages."""


# -- compiled: one set lookup for the words, phrases and acronyms by a head word --------------

_SEPARATORS = frozenset("!\"$%&'()*+,./:;<=>?@[\\]^`{|}~\t\r\n-\u00ab\u00bb\u2019 ")
"""What ``personal._Index`` reads as a word break (and a space)."""


def _token(word: str) -> bytes:
    """A word as ``personal._Index`` writes it: lower-case ASCII, a non-ASCII letter as ``?``."""
    return word.lower().encode("ascii", "replace")


def _split(term: str) -> list[str]:
    """A term's words as ``personal._Index`` splits a prompt."""
    out: list[str] = []
    word: list[str] = []
    for ch in term.lower():
        if ch in _SEPARATORS:
            if word:
                out.append("".join(word))
            word = []
        else:
            word.append(ch)
    if word:
        out.append("".join(word))
    return out


_LONG = 4
"""A phrase's words this long or longer must all be in a prompt before it is looked for;
shorter ones ("de", "the", "in") are in nearly every prompt."""
_Phrase = tuple[str, str, frozenset[bytes]]
"""A phrase (or an acronym) as looked for: its text, its kind and the words it holds."""


def _compile() -> tuple[
    dict[bytes, str], dict[bytes, tuple[_Phrase, ...]], tuple[tuple[bytes, str], ...]
]:
    words: dict[bytes, str] = {}
    heads: dict[bytes, list[_Phrase]] = {}
    stems: list[tuple[bytes, str]] = []
    for lex in LEXICONS:
        for term in lex.terms:
            parts = _split(term)
            if len(parts) == 1:
                # a health word stays health where a private category shares it
                words[_token(parts[0])] = words.get(_token(parts[0]), lex.kind)
                if lex.kind == HEALTH:
                    words[_token(parts[0])] = HEALTH
            else:
                head = _token(max(parts, key=len))
                tokens = frozenset(_token(p) for p in parts if len(p) >= _LONG) | {head}
                spaced = b" ".join(_token(p) for p in parts).decode()
                heads.setdefault(head, []).append((spaced, lex.kind, tokens))
        for acronym in lex.acronyms:
            token = _token(acronym)
            heads.setdefault(token, []).append((acronym, lex.kind, frozenset((token,))))
        stems.extend((_token(stem), lex.kind) for stem in lex.stems)
    return (
        words,
        {h: tuple(dict.fromkeys(v)) for h, v in heads.items()},
        tuple(dict.fromkeys(stems)),
    )


_WORDS, _HEADS, _STEMS = _compile()
WORDS = frozenset(_WORDS)
"""Every one-word term, in the index's form."""
HEADS = frozenset(_HEADS)
"""The longest word of each phrase, and each acronym's word: the keys phrases are filed
under."""
CUES = WORDS.union(*(tokens for phrases in _HEADS.values() for _, _, tokens in phrases))
"""The words ``find_personal`` needs to know are in a prompt: the one-word terms and every
longer word of a phrase (a phrase is looked for only where those are all in the prompt)."""
_HEALTH_WORDS = frozenset(w for w, kind in _WORDS.items() if kind == HEALTH)
_PRIVATE_WORDS = WORDS - _HEALTH_WORDS
_LONG_SEARCHES = 3
"""Phrase searches in a long prompt, each a scan of the whole text: everyday prose holds
all the words of some phrases ("food", "bank"), so the work is bounded; a phrase past the
third candidate of a long prompt is missed (its single words still count)."""
_HEAD_PLACES = 4
"""Places of one head word read: a long text repeats its words."""


class Words(Protocol):
    """``personal._Index``: where whole words and runs of them stand in the prompt."""

    def positions(self, word: str, limit: int = ...) -> list[int]: ...

    def phrase(self, words: bytes) -> int: ...


def facts(
    text: str,
    ix: Words,
    present: frozenset[bytes],
    short: list[bytes] | None,
    *,
    phrases: bool = True,
    words: bool = True,
) -> tuple[bool, bool]:
    """Whether the prompt states a health fact, and whether it states another
    special-category or money fact. ``present``: the prompt's words among ``CUES``;
    ``short``: a short prompt's words, whose compounds are also read for the stems;
    ``words`` / ``phrases``: which forms to look for (a long prompt's phrases cost one
    search each, so its caller asks for them only once someone is named). A phrase is
    looked for only where its longer words are all in the prompt (set lookups)."""
    health = words and bool(present & _HEALTH_WORDS)
    private = words and bool(present & _PRIVATE_WORDS)
    searches = _LONG_SEARCHES if short is None else len(text)
    # the longest head words first: the rarest, so the likeliest to hold their phrase
    for head in sorted(present & HEADS, key=len, reverse=True) if phrases else ():
        if (health and private) or searches <= 0:
            break
        for term, kind, tokens in _HEADS[head]:
            if (health if kind == HEALTH else private) or not tokens <= present:
                continue  # that kind is found already, or a word of the phrase is missing
            searches -= 1
            if term.isupper():  # an acronym: the word itself, in capitals
                places = ix.positions(head.decode(), _HEAD_PLACES)
                hit = any(text.startswith(term, p) for p in places)
            else:  # the phrase's words in a row, in one search
                hit = ix.phrase(term.encode()) != -1
            if hit and kind == HEALTH:
                health = True
            elif hit:
                private = True
    if short is not None and not (health and private):
        joined = b" ".join(short)
        for stem, kind in _STEMS:
            if (health if kind == HEALTH else private) or joined.find(stem) == -1:
                continue
            if kind == HEALTH:
                health = True
            else:
                private = True
    return health, private
